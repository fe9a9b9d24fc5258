
// Paimon admin console: sign in with the admin token (paimon.admin.token). The token is kept in this
// browser tab only (sessionStorage) and sent as "Authorization: Bearer <token>" with every request the
// page makes to its own origin: the Swagger UI configuration, the OpenAPI document and the operations.
// Nothing of the API is loaded before the token is given.
(function () {
  const TOKEN = 'paimon-admin-token';
  const MESSAGE = 'paimon-admin-sign-in-message';
  const SCHEME = '__SECURITY_SCHEME__';
  const storage = window.sessionStorage;
  const boot = window.onload;
  const sameOrigin = (url) => new URL(url, document.baseURI).origin === window.location.origin;

  function signOut(message) {
    storage.removeItem(TOKEN);
    if (message) {
      storage.setItem(MESSAGE, message);
    }
    window.location.reload();
  }

  window.paimonAdminConsole = {
    options: {
      requestInterceptor: (request) => {
        const token = storage.getItem(TOKEN);
        if (token && sameOrigin(request.url)) {
          request.headers = request.headers || {};
          if (!request.headers.Authorization) {
            request.headers.Authorization = 'Bearer ' + token;
          }
        }
        return request;
      },
      responseInterceptor: (response) => {
        if (response.status === 401 && response.url && sameOrigin(response.url)) {
          signOut('The server refused the admin token (401). Sign in again.');
        }
        return response;
      },
      onComplete: () => {
        const token = storage.getItem(TOKEN);
        if (token && window.ui && window.ui.preauthorizeApiKey) {
          window.ui.preauthorizeApiKey(SCHEME, token);
        }
      }
    }
  };

  function element(tag, attributes, text) {
    const node = document.createElement(tag);
    Object.entries(attributes || {}).forEach(([name, value]) => node.setAttribute(name, value));
    if (text) {
      node.textContent = text;
    }
    return node;
  }

  function signInForm() {
    const root = document.getElementById('swagger-ui');
    const form = element('form', { id: 'paimon-sign-in', style: 'max-width:36em;margin:4em auto;font-family:sans-serif' });
    form.append(element('h2', {}, 'Paimon admin console'));
    form.append(element('p', {}, 'Sign in with the admin token (paimon.admin.token). It stays in this browser tab '
        + '(sessionStorage) and is sent as "Authorization: Bearer …" with the console\'s requests.'));
    const message = storage.getItem(MESSAGE);
    storage.removeItem(MESSAGE);
    if (message) {
      form.append(element('p', { id: 'paimon-sign-in-message', role: 'alert', style: 'color:#b00020' }, message));
    }
    form.append(element('label', { for: 'paimon-admin-token', style: 'display:block;margin-bottom:.3em' }, 'Admin token'));
    const input = element('input', { id: 'paimon-admin-token', type: 'password', autocomplete: 'current-password',
      required: 'required', style: 'width:100%;padding:.4em;box-sizing:border-box' });
    form.append(input);
    form.append(element('button', { id: 'paimon-sign-in-button', type: 'submit', style: 'margin-top:1em;padding:.4em 1.5em' },
        'Sign in'));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      storage.setItem(TOKEN, input.value.trim());
      window.location.reload();
    });
    root.replaceChildren(form);
    input.focus();
  }

  function signOutBar() {
    const bar = element('div', { id: 'paimon-signed-in',
      style: 'font-family:sans-serif;font-size:14px;text-align:right;padding:.4em 1em;background:#f3f3f3' },
      'Signed in with the admin token · ');
    const button = element('button', { id: 'paimon-sign-out', type: 'button' }, 'Sign out');
    button.addEventListener('click', () => signOut(null));
    bar.append(button);
    document.body.prepend(bar);
  }

  window.onload = function () {
    if (storage.getItem(TOKEN)) {
      signOutBar();
      boot();
    }
    else {
      signInForm();
    }
  };
})();
