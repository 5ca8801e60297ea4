// cryptosizer: the page is pre-rendered with the ranking of the default
// workload. When the address carries a workload of its own (any query
// parameter but embed, origin, pick and compare, or imported sets in
// the fragment), that ranking is not the link's answer: mark the page so
// that the stylesheet hides it and says the link's ranking is on its
// way. The app's first render replaces both.
(function () {
  try {
    var keep = { embed: 1, origin: 1, pick: 1, compare: 1 };
    var q = location.search.replace(/^\?/, "").split("&");
    var own = /^#imports=/.test(location.hash);
    for (var i = 0; i < q.length && !own; i++) {
      var k = decodeURIComponent(q[i].split("=")[0].replace(/\+/g, " "));
      own = k !== "" && !keep[k];
    }
    if (own) document.documentElement.classList.add("link-own");
  } catch (e) {
    document.documentElement.classList.add("link-own");
  }
})();
