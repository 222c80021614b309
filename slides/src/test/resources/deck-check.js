// Injected into a copy of each rendered deck by SlideDecksTest. Once the page and reveal.js are
// ready it visits every slide and writes what it found into a pre element (id deck-check), one
// tab-separated record per line, for the test to read from Chromium's --dump-dom output.
(function () {
  var lines = [];
  function problem(text) { lines.push('problem\t' + text); }
  function report() {
    var pre = document.createElement('pre');
    pre.id = 'deck-check';
    pre.textContent = lines.join('\n');
    document.body.appendChild(pre);
  }
  function check() {
    document.querySelectorAll('img').forEach(function (img) {
      if (!img.complete || img.naturalWidth === 0) problem('image did not load: ' + img.getAttribute('src'));
    });
    document.querySelectorAll('link[rel=stylesheet]').forEach(function (link) {
      if (!link.sheet) problem('stylesheet did not load: ' + link.getAttribute('href'));
    });
    performance.getEntriesByType('resource').forEach(function (entry) {
      if (entry.name.indexOf('file:') !== 0) problem('fetched from the network: ' + entry.name);
    });
    if (document.body.innerText.indexOf('Unresolved directive') >= 0) problem('an include did not resolve');
    var height = Reveal.getConfig().height;
    Reveal.getSlides().forEach(function (slide) {
      var at = Reveal.getIndices(slide);
      Reveal.slide(at.h, at.v);
      var shown = Reveal.getCurrentSlide() === slide && slide.classList.contains('present')
          && getComputedStyle(slide).display !== 'none' && slide.getBoundingClientRect().width > 0;
      var heading = slide.querySelector('h1, h2, h3');
      var title = heading ? heading.textContent.replace(/\s+/g, ' ').trim() : '';
      slide.querySelectorAll('pre, pre code, table, img').forEach(function (wide) {
        if (wide.scrollWidth > wide.clientWidth + 1 || wide.getBoundingClientRect().right > slide.getBoundingClientRect().right + 1) {
          var what = { PRE: 'code listing', CODE: 'code listing', TABLE: 'table', IMG: 'image' }[wide.tagName];
          problem('slide ' + at.h + ': a ' + what + ' is wider than the slide');
        }
      });
      slide.querySelectorAll('pre code').forEach(function (code) {
        if (code.scrollHeight > code.clientHeight + 1) problem('slide ' + at.h + ': the code is cut off at the bottom; include fewer lines');
      });
      var visual = slide.querySelector('img, pre') ? 1 : 0;
      lines.push(['slide', at.h, shown ? 1 : 0, slide.scrollHeight, height, visual, title].join('\t'));
    });
    report();
  }
  window.addEventListener('load', function () {
    var started = Date.now();
    (function whenReady() {
      if (window.Reveal && Reveal.isReady && Reveal.isReady()) return check();
      if (Date.now() - started > 10000) {
        problem(window.Reveal ? 'reveal.js did not become ready' : 'reveal.js did not load');
        return report();
      }
      setTimeout(whenReady, 50);
    })();
  });
})();
