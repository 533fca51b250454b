// The login and consent pages: plain server-rendered HTML, no script. Every value is escaped.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Order Hub</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;padding:40px 16px;color:#1d2330}
main{max-width:380px;margin:0 auto;background:#fff;border-radius:8px;padding:28px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.3em;margin-top:0}label{display:block;margin:14px 0 4px;font-weight:600}
input,select{width:100%;box-sizing:border-box;padding:8px;font-size:1em}
button{margin-top:18px;padding:9px 16px;font-size:1em;border-radius:4px;border:1px solid #1b5fd6;background:#1b5fd6;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1b5fd6}.error{color:#b00020}ul{padding-left:20px}code{font-size:.95em}
</style>
</head>
<body><main>
${body}
</main></body>
</html>`;
}

export interface LoginView {
  uid: string;
  csrf: string;
  clientName: string;
  email?: string;
  error?: string;
}

export function loginPage(view: LoginView): string {
  return layout(
    'Sign in',
    `<h1>Sign in to Order Hub</h1>
<p><strong>${escapeHtml(view.clientName)}</strong> asks you to sign in.</p>
${view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : ''}
<form method="post" action="/oauth2/interaction/${escapeHtml(view.uid)}/login" autocomplete="on">
<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">
<label for="email">E-mail or username</label>
<input id="email" name="email" type="text" autocomplete="username" required autofocus value="${escapeHtml(view.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" required autocomplete="current-password">
<button type="submit">Sign in</button>
</form>
<form method="post" action="/oauth2/interaction/${escapeHtml(view.uid)}/abort">
<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">
<button type="submit" class="secondary">Cancel</button>
</form>`,
  );
}

interface LocationChoice {
  locationId: string;
  accountId: string;
  label: string;
}

export interface ConsentView {
  uid: string;
  csrf: string;
  clientName: string;
  email: string;
  scopes: string[];
  choices: LocationChoice[];
  selected?: string;
  error?: string;
}

export function consentPage(view: ConsentView): string {
  const options = view.choices
    .map(
      (c) =>
        `<option value="${escapeHtml(c.locationId)}"${c.locationId === view.selected ? ' selected' : ''}>${escapeHtml(c.label)}</option>`,
    )
    .join('');
  const allow = view.choices.length
    ? `<form method="post" action="/oauth2/interaction/${escapeHtml(view.uid)}/confirm">
<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">
<label for="location_id">Location</label>
<select id="location_id" name="location_id" required>${options}</select>
<button type="submit">Allow</button>
</form>`
    : `<p class="error" role="alert">${escapeHtml(view.clientName)} is not connected to any location you can reach. Connect it to a location first.</p>`;
  return layout(
    'Authorize',
    `<h1>Authorize ${escapeHtml(view.clientName)}</h1>
<p>Signed in as <strong>${escapeHtml(view.email)}</strong>.</p>
${view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : ''}
<p>${escapeHtml(view.clientName)} will be able to:</p>
<ul>${view.scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join('')}</ul>
${allow}
<form method="post" action="/oauth2/interaction/${escapeHtml(view.uid)}/abort">
<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">
<button type="submit" class="secondary">Deny</button>
</form>`,
  );
}

export function errorPage(message: string): string {
  return layout('Error', `<h1>Something went wrong</h1><p class="error">${escapeHtml(message)}</p>`);
}

/**
 * /oauth2/authorize refused an application's redirect URI because it is not https in production: the code is not
 * sent, and the person who clicked Open is told why and what the application's developer must change.
 */
export function insecureRedirectPage(view: { redirectUri: string }): string {
  return layout(
    'Cannot open the application',
    `<h1>This application cannot be opened</h1>
<p class="error" role="alert">Its redirect URI is not an https address, and this hub sends sign-in codes only to https addresses.</p>
<p>Redirect URI: <code>${escapeHtml(view.redirectUri)}</code></p>
<p>The application's developer registers an https redirect URI (<code>PATCH /v1/applications/{applicationId}</code>, or Applications in the web UI); then open it again.</p>`,
  );
}
