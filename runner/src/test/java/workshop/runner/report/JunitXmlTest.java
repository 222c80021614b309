package workshop.runner.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

class JunitXmlTest {

    private static Element suite(String xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))).getDocumentElement();
    }

    @Test
    void aFailureIsAFailureAndAWithheldPartIsSkippedNotFailed() throws Exception {
        Element suite = suite(JunitXml.of("06", List.of(Cards.FAILED, Cards.WITHHELD)));
        assertEquals("2", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        assertEquals("1", suite.getAttribute("skipped"));
        assertEquals(1, suite.getElementsByTagName("failure").getLength());
        assertEquals(1, suite.getElementsByTagName("skipped").getLength());
        // The message survives escaping: quotes, angle brackets and the ampersand read back as written.
        assertEquals(Cards.FAILED.output(), suite.getElementsByTagName("failure").item(0).getTextContent());
    }

    @Test
    void aPassedLessonHasNeitherFailureNorSkipped() throws Exception {
        Element suite = suite(JunitXml.of("01", List.of(Cards.PASSED)));
        assertEquals("0", suite.getAttribute("failures"));
        assertEquals("0", suite.getAttribute("skipped"));
        assertEquals("Lesson 01: n newest of a chat",
                ((Element) suite.getElementsByTagName("testcase").item(0)).getAttribute("name"));
    }
}
