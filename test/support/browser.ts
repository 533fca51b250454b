// A minimal browser for the login and consent pages: keeps cookies, follows nothing by itself (each redirect
// is a step the test looks at), and reads the forms' hidden fields.

export interface Page {
  status: number;
  url: string;
  location: string | null;
  html: string;
  headers: Headers;
}

export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly origin: string) {}

  private absolute(url: string): string {
    return new URL(url, this.origin).toString();
  }

  private remember(headers: Headers): void {
    for (const cookie of headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(url: string): Promise<Page> {
    const target = this.absolute(url);
    const res = await fetch(target, {
      redirect: 'manual',
      headers: { cookie: this.cookieHeader(), accept: 'text/html' },
    });
    this.remember(res.headers);
    return {
      status: res.status,
      url: target,
      location: res.headers.get('location'),
      html: await res.text(),
      headers: res.headers,
    };
  }

  async post(url: string, form: Record<string, string>): Promise<Page> {
    const target = this.absolute(url);
    const res = await fetch(target, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: this.cookieHeader(),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
      },
      body: new URLSearchParams(form).toString(),
    });
    this.remember(res.headers);
    return {
      status: res.status,
      url: target,
      location: res.headers.get('location'),
      html: await res.text(),
      headers: res.headers,
    };
  }

  /** Follows redirects within the hub until one leaves it (returned) or a page is shown. */
  async follow(page: Page): Promise<Page> {
    let current = page;
    while (current.location && this.absolute(current.location).startsWith(this.origin)) {
      current = await this.get(current.location);
    }
    return current;
  }
}

/** The value of the hidden input `name` in a page. */
export function hiddenField(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match) throw new Error(`no hidden field ${name} in page`);
  return match[1];
}

/** The action URL of the first form whose action ends with `suffix`. */
export function formAction(html: string, suffix: string): string {
  const match = new RegExp(`action="([^"]*${suffix})"`).exec(html);
  if (!match) throw new Error(`no form posting to *${suffix}`);
  return match[1];
}
