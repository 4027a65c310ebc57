(function () {
  var byId = function (id) { return document.getElementById(id); };
  var all = function (selector) { return Array.prototype.slice.call(document.querySelectorAll(selector)); };
  function listen(elements, apply) {
    elements.forEach(function (el) { if (el) { el.addEventListener('input', apply); el.addEventListener('change', apply); } });
    apply();
  }
  var words = function (el) { return el.value.toLowerCase().split(/\s+/).filter(Boolean); };

  // Failures: a spec is shown when it matches every filter; a cause when one of its specs is.
  var fCause = byId('ff-cause'), fArea = byId('ff-area'), fStatus = byId('ff-status'), fReq = byId('ff-req'), fCount = byId('ff-count');
  if (fCause) {
    var failures = all('#failures details.failure');
    listen([fCause, fArea, fStatus, fReq], function () {
      var wanted = words(fReq).map(function (w) { return w.toUpperCase(); });
      var status = fStatus.value.split(':');
      var shown = 0;
      failures.forEach(function (spec) {
        var cause = spec.closest('details.cause').dataset.cause;
        var visible = (!fCause.value || cause === fCause.value)
          && (!fArea.value || spec.dataset.area === fArea.value)
          && (!fStatus.value || spec.dataset[status[0]] === status[1])
          && wanted.every(function (w) { return spec.dataset.reqs.indexOf(w) !== -1; });
        spec.hidden = !visible;
        if (visible) shown++;
      });
      all('#failures details.cause').forEach(function (cause) {
        var specs = cause.querySelectorAll('details.failure');
        var visible = cause.querySelectorAll('details.failure:not([hidden])').length;
        cause.hidden = visible === 0;
        cause.querySelector('.shown').textContent = visible === specs.length ? '' : visible + ' of ' + specs.length + ' shown';
      });
      fCount.textContent = shown + ' of ' + failures.length + ' failures shown';
    });
  }

  // The requirement matrix.
  var text = byId('f-text'), status = byId('f-status'), area = byId('f-area'), level = byId('f-level'), source = byId('f-source'), cause = byId('f-cause'), count = byId('f-count');
  var rows = all('table.matrix tbody tr');
  listen([text, status, area, level, source, cause], function () {
    var wanted = words(text);
    var shown = 0;
    rows.forEach(function (row) {
      var haystack = row.textContent.toLowerCase();
      var visible = (!status.value || row.dataset.status === status.value)
        && (!area.value || row.dataset.area === area.value)
        && (!level.value || row.dataset.level === level.value)
        && (!source.value || row.dataset.source === source.value)
        && (!cause || !cause.value || row.dataset.causes.indexOf(' ' + cause.value + ' ') !== -1)
        && wanted.every(function (w) { return haystack.indexOf(w) !== -1; });
      row.hidden = !visible;
      if (visible) shown++;
    });
    count.textContent = shown + ' of ' + rows.length + ' requirements shown';
  });

  // A link to a collapsed cause, or to a row hidden by a filter, shows it.
  function reveal() {
    var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!target) return;
    if (target.tagName === 'DETAILS') target.open = true;
    if (target.hidden) target.hidden = false;
    target.scrollIntoView();
  }
  window.addEventListener('hashchange', reveal);
  reveal();
})();
