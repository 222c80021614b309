package workshop.lesson06;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where the next (older) page starts: a bucket, and inside it DynamoDB's LastEvaluatedKey to
 * continue from, or null to start at the bucket's newest message. Given.
 */
public record PageCursor(long bucket, Map<String, AttributeValue> exclusiveStartKey) {}
