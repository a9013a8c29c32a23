// The hosted fields' script (served by the sandbox processor on its own origin; docs/decisions/016).
// It talks to two parties only: its own origin (POST /v1/tokens) and the portal page that framed it
// (postMessage to exactly that origin, messages accepted only from that origin and that window).
// The portal receives a token and display facts: never the numbers typed here. Tokens are made in the
// tokenisation session the portal opened for its caller (data-session; docs/decisions/039), so each
// belongs to that caller's household or guest session.
(function hostedFields() {
  'use strict';
  var SOURCE = 'portal-hosted-fields';
  var form = document.getElementById('hosted-fields');
  if (!form) return;
  var kind = form.getAttribute('data-kind');
  var parentOrigin = form.getAttribute('data-parent-origin');
  var session = form.getAttribute('data-session');
  var messages = JSON.parse(document.getElementById('messages').textContent || '{}');
  var formError = document.getElementById('form-error');
  var touched = {};
  var busy = false;
  var validation = 0;

  function post(message) {
    message.source = SOURCE;
    window.parent.postMessage(message, parentOrigin);
  }

  function values() {
    var result = {};
    var data = new FormData(form);
    data.forEach(function (value, name) {
      result[name] = String(value);
    });
    return result;
  }

  function fieldNames() {
    return Array.prototype.map.call(form.querySelectorAll('[data-field]'), function (element) {
      return element.getAttribute('data-field');
    });
  }

  function messageOf(error) {
    var byField = messages.errors[error.field] || {};
    return byField[error.code] || messages.unavailable;
  }

  /** Shows each field's first error (only for fields the member has left, unless `all`). */
  function show(errors, all) {
    fieldNames().forEach(function (name) {
      var error = null;
      for (var i = 0; i < errors.length; i += 1) {
        if (errors[i].field === name) {
          error = errors[i];
          break;
        }
      }
      if (!all && !touched[name]) error = null;
      var text = document.getElementById(name + '-error');
      if (text) text.textContent = error ? messageOf(error) : '';
      var inputs = form.querySelectorAll('[name="' + name + '"]');
      Array.prototype.forEach.call(inputs, function (input) {
        input.setAttribute('aria-invalid', error ? 'true' : 'false');
      });
      var wrapper = form.querySelector('[data-field="' + name + '"]');
      if (wrapper) wrapper.classList.toggle('invalid', Boolean(error));
    });
  }

  function focusFirstInvalid() {
    var first = form.querySelector('[aria-invalid="true"]');
    if (first) first.focus();
  }

  function send(path) {
    return fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ kind: kind, fields: values(), session: session }),
      credentials: 'omit',
      cache: 'no-store',
    });
  }

  /** Checks the fields the member has left (the processor validates; nothing is kept). */
  function validateTouched() {
    var mine = (validation += 1);
    send('/v1/tokens/validate')
      .then(function (response) {
        return response.json();
      })
      .then(function (body) {
        if (mine === validation && body && Array.isArray(body.errors)) show(body.errors, false);
      })
      .catch(function () {
        // A field check that cannot run is not an error of the member's: tokenizing will say so.
      });
  }

  function tokenize(requestId) {
    if (busy) return;
    busy = true;
    validation += 1;
    formError.textContent = '';
    fieldNames().forEach(function (name) {
      touched[name] = true;
    });
    send('/v1/tokens')
      .then(function (response) {
        return response.json().then(function (body) {
          if (response.status === 201) {
            show([], true);
            post({ type: 'tokenized', requestId: requestId, token: body.token, display: body.display });
          } else if (response.status === 422 && body && Array.isArray(body.errors)) {
            show(body.errors, true);
            focusFirstInvalid();
            post({ type: 'invalid', requestId: requestId });
          } else if (response.status === 401) {
            // The session ran out: the portal opens a new one and loads this form again.
            formError.textContent = messages.expired;
            post({ type: 'expired', requestId: requestId });
          } else {
            throw new Error('unavailable');
          }
        });
      })
      .catch(function () {
        formError.textContent = messages.unavailable;
        post({ type: 'failed', requestId: requestId });
      })
      .then(function () {
        busy = false;
      });
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== parentOrigin || event.source !== window.parent) return;
    var data = event.data;
    if (!data || data.target !== SOURCE) return;
    if (data.type === 'tokenize' && typeof data.requestId === 'string') tokenize(data.requestId);
    if (data.type === 'reset') {
      form.reset();
      touched = {};
      show([], true);
      formError.textContent = '';
    }
  });

  form.addEventListener('focusout', function (event) {
    var name = event.target && event.target.name;
    if (!name) return;
    touched[name] = true;
    validateTouched();
  });
  form.addEventListener('input', function (event) {
    // A corrected field loses its message once it checks out again.
    var name = event.target && event.target.name;
    if (name && event.target.getAttribute('aria-invalid') === 'true') validateTouched();
  });
  // Enter submits the portal's form around the frame, as it would in any other field.
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    post({ type: 'submit' });
  });
  form.addEventListener('keydown', function (event) {
    if (event.key === 'Enter' && event.target && event.target.tagName === 'INPUT') {
      event.preventDefault();
      post({ type: 'submit' });
    }
  });

  // Focus given to the frame itself (the portal's dialog tabbing into it) lands in the first field.
  window.addEventListener('focus', function () {
    if (document.activeElement === document.body || document.activeElement === null) {
      var first = form.querySelector('input');
      if (first) first.focus();
    }
  });

  var lastHeight = 0;
  function reportHeight() {
    var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== lastHeight) {
      lastHeight = height;
      post({ type: 'resize', height: height });
    }
  }
  if (typeof ResizeObserver === 'function')
    new ResizeObserver(reportHeight).observe(document.documentElement);
  window.addEventListener('load', reportHeight);
  reportHeight();
  post({ type: 'ready' });
})();
