import { PAYMENT_MESSAGES } from '../../shared/contracts/payments';

/**
 * The sandbox's hosted card fields: the page, its style and its script (served as files by
 * sandbox-hosted-fields.ts, so the page runs under a CSP without inline script).
 *
 * Protocol with the parent page (window.postMessage, both ends check the other's origin and window):
 *   fields → parent  { source: 'yc-sandbox-fields', type: 'ready' | 'state', height, valid }
 *                    { source: 'yc-sandbox-fields', type: 'submit' }          (Enter in a field)
 *                    { source: 'yc-sandbox-fields', type: 'result', id, ok, token?, brand?, last4?, message? }
 *   parent → fields  { type: 'tokenize', id }
 * The card number and code never leave this page except to POST /sandbox-pay/tokens.
 */
export const SANDBOX_FIELDS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Secure card form</title>
<link rel="stylesheet" href="/sandbox-pay/fields.css">
<script src="/sandbox-pay/fields.js" defer></script>
</head>
<body>
<main>
<form id="card-form" novalidate>
<div class="field">
<label for="number">Card number</label>
<input id="number" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" maxlength="23" aria-describedby="number-error" spellcheck="false">
<p id="number-error" class="error"></p>
</div>
<div class="row">
<div class="field">
<label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="exp-date" inputmode="numeric" autocomplete="cc-exp" placeholder="12/28" maxlength="7" aria-describedby="expiry-error" spellcheck="false">
<p id="expiry-error" class="error"></p>
</div>
<div class="field">
<label for="cvc">Security code</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" aria-describedby="cvc-error" spellcheck="false">
<p id="cvc-error" class="error"></p>
</div>
</div>
</form>
</main>
</body>
</html>
`;

export const SANDBOX_FIELDS_CSS = `*{box-sizing:border-box}
html,body{margin:0;padding:0;background:#fff;color:#1f2933;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{padding:2px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.field{margin:0 0 4px}
label{display:block;font-weight:600;font-size:14px;margin:0 0 4px}
input{width:100%;height:44px;padding:0 12px;border:1px solid #6b7280;border-radius:8px;font:inherit;color:inherit;background:#fff}
input:focus{outline:3px solid #0f766e;outline-offset:1px}
input[aria-invalid="true"]{border-color:#b91c1c}
.error{min-height:1.25em;margin:4px 0 0;color:#b91c1c;font-size:14px}
`;

const TEXT = {
  numberMissing: PAYMENT_MESSAGES.numberMissing,
  number: PAYMENT_MESSAGES.cardNumber,
  expiry: PAYMENT_MESSAGES.expiryInvalid,
  cvc: PAYMENT_MESSAGES.cvc,
  network: 'We could not reach the card service. Please try again.',
};

export const SANDBOX_FIELDS_JS = `(function () {
  'use strict';
  var TEXT = ${JSON.stringify(TEXT)};
  // Sandbox: the fields live on our own origin, so the only parent we talk to is that origin.
  var PARENT_ORIGIN = window.location.origin;
  var SOURCE = 'yc-sandbox-fields';
  var inputs = {
    number: document.getElementById('number'),
    expiry: document.getElementById('expiry'),
    cvc: document.getElementById('cvc'),
  };
  var NAMES = ['number', 'expiry', 'cvc'];

  function post(message) {
    if (window.parent === window) return;
    message.source = SOURCE;
    window.parent.postMessage(message, PARENT_ORIGIN);
  }
  function luhn(digits) {
    if (!/^\\d{12,19}$/.test(digits)) return false;
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var d = Number(digits.charAt(digits.length - 1 - i));
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return sum % 10 === 0;
  }
  function digits(value) { return value.replace(/[\\s-]/g, ''); }
  function parseExpiry(text) {
    var m = /^\\s*(\\d{1,2})\\s*\\/\\s*(\\d{2}|\\d{4})\\s*$/.exec(text);
    if (!m) return null;
    var month = Number(m[1]);
    if (month < 1 || month > 12) return null;
    return { expMonth: month, expYear: Number(m[2]) };
  }
  function check() {
    var errors = {};
    var n = digits(inputs.number.value);
    if (!n) errors.number = TEXT.numberMissing;
    else if (!luhn(n)) errors.number = TEXT.number;
    if (!parseExpiry(inputs.expiry.value)) errors.expiry = TEXT.expiry;
    if (!/^\\d{3,4}$/.test(inputs.cvc.value.trim())) errors.cvc = TEXT.cvc;
    return errors;
  }
  function show(errors) {
    NAMES.forEach(function (name) {
      var text = errors[name] || '';
      inputs[name].setAttribute('aria-invalid', text ? 'true' : 'false');
      document.getElementById(name + '-error').textContent = text;
    });
    report();
  }
  function firstError(errors) {
    for (var i = 0; i < NAMES.length; i++) if (errors[NAMES[i]]) return NAMES[i];
    return null;
  }
  function report(type) {
    post({
      type: type || 'state',
      height: Math.ceil(document.documentElement.getBoundingClientRect().height),
      valid: firstError(check()) === null,
    });
  }
  function answer(id, result) { result.type = 'result'; result.id = id; post(result); }

  function tokenize(id) {
    var errors = check();
    var first = firstError(errors);
    show(errors);
    if (first) {
      inputs[first].focus();
      answer(id, { ok: false, message: errors[first], field: first });
      return;
    }
    var exp = parseExpiry(inputs.expiry.value);
    fetch('/sandbox-pay/tokens', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'omit',
      body: JSON.stringify({
        number: digits(inputs.number.value),
        expMonth: exp.expMonth,
        expYear: exp.expYear,
        cvc: inputs.cvc.value.trim(),
      }),
    })
      .then(function (res) {
        return res.json().then(function (body) { return { status: res.status, body: body }; });
      })
      .then(function (r) {
        if (r.status === 201) {
          answer(id, { ok: true, token: r.body.token, brand: r.body.brand, last4: r.body.last4 });
          return;
        }
        var fieldErrors = {};
        (r.body.errors || []).forEach(function (e) { if (inputs[e.path]) fieldErrors[e.path] = e.message; });
        show(fieldErrors);
        var field = firstError(fieldErrors);
        if (field) inputs[field].focus();
        answer(id, { ok: false, message: r.body.message || TEXT.network, field: field });
      })
      .catch(function () { answer(id, { ok: false, message: TEXT.network }); });
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== PARENT_ORIGIN || event.source !== window.parent) return;
    var data = event.data;
    if (!data || data.type !== 'tokenize' || typeof data.id !== 'string') return;
    tokenize(data.id);
  });
  NAMES.forEach(function (name) {
    inputs[name].addEventListener('input', function () {
      if (inputs[name].getAttribute('aria-invalid') === 'true') {
        var errors = check();
        if (!errors[name]) {
          inputs[name].setAttribute('aria-invalid', 'false');
          document.getElementById(name + '-error').textContent = '';
        }
      }
      report();
    });
    inputs[name].addEventListener('keydown', function (event) {
      if (event.key === 'Enter') { event.preventDefault(); post({ type: 'submit' }); }
    });
  });
  document.getElementById('card-form').addEventListener('submit', function (event) {
    event.preventDefault();
    post({ type: 'submit' });
  });
  if (typeof ResizeObserver === 'function') {
    new ResizeObserver(function () { report(); }).observe(document.documentElement);
  }
  report('ready');
})();
`;
