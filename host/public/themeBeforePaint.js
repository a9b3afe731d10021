// Paint the stored or system theme before the scripts arrive, so night visitors get no white flash.
// A file of its own (not inline in index.html): the site's CSP runs no inline script.
(function () {
  var mode;
  try {
    mode = localStorage.getItem('prds.theme');
  } catch (e) {
    // storage blocked: follow the system
  }
  if (mode !== 'day' && mode !== 'night') {
    mode = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'night' : 'day';
  }
  document.documentElement.dataset.theme = mode;
})();
