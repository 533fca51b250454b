import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';

// The partner guides, docs/guides/*.md in the repository, served as pages under /docs beside Swagger UI. They
// are rendered once, when the hub starts: markdown-it without raw HTML (a guide is text, never markup of its
// own), and a link to another guide's .md goes to its page, so the same file reads well in the repository too.

/** docs/guides at the top of the repository (the Docker image copies it, as it copies openapi/). */
const GUIDES_DIR = fileURLToPath(new URL('../../../docs/guides/', import.meta.url));

/** Each guide: its page is /docs/guides/<slug>.html, its source docs/guides/<slug>.md. */
const PARTNER_GUIDES = [
  { slug: 'pos-integration', title: 'Build a POS integration' },
  { slug: 'marketplace-integration', title: 'Build a marketplace integration' },
] as const;

/** Where the guide pages are served. */
export const GUIDES_PATH = '/docs/guides';

/** The guides' stylesheet, a file of its own (the pages carry no inline style). */
export const GUIDE_STYLESHEET = `
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1b1f24; background: #fff; }
nav { padding: 12px 24px; border-bottom: 1px solid #d8dee4; font-size: 14px; }
nav a { margin-right: 16px; }
main { max-width: 860px; margin: 0 auto; padding: 8px 24px 64px; }
a { color: #0b6e4f; }
h1, h2, h3 { line-height: 1.25; }
h2 { margin-top: 2em; padding-bottom: 4px; border-bottom: 1px solid #d8dee4; }
code { font: 14px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; background: #f3f5f7; padding: 1px 4px; border-radius: 4px; }
pre { background: #f3f5f7; padding: 12px 16px; border-radius: 6px; overflow-x: auto; }
pre code { padding: 0; background: none; }
table { border-collapse: collapse; display: block; overflow-x: auto; }
th, td { border: 1px solid #d8dee4; padding: 6px 10px; text-align: left; vertical-align: top; }
@media (prefers-color-scheme: dark) {
  body { color: #e6edf3; background: #0d1117; }
  a { color: #4fd1a5; }
  code, pre { background: #161b22; }
  nav, h2, th, td { border-color: #30363d; }
}
`;

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });
const slugs = new Set<string>(PARTNER_GUIDES.map((guide) => guide.slug));
const renderLink = markdown.renderer.rules.link_open;
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx].attrGet('href') ?? '');
  const guide = /^([a-z-]+)\.md(#.*)?$/.exec(href);
  if (guide && slugs.has(guide[1])) tokens[idx].attrSet('href', `${guide[1]}.html${guide[2] ?? ''}`);
  return renderLink ? renderLink(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
};

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(title: string, body: string): string {
  const links = [
    `<a href="/docs/index.html">API reference</a>`,
    ...PARTNER_GUIDES.map((guide) => `<a href="${GUIDES_PATH}/${guide.slug}.html">${escape(guide.title)}</a>`),
  ].join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Order Hub</title>
<link rel="stylesheet" href="${GUIDES_PATH}/guide.css">
</head>
<body>
<nav aria-label="Order Hub documentation">${links}</nav>
<main>
${body}</main>
</body>
</html>
`;
}

/** Every guide's page, by slug, rendered from its markdown now. */
export function renderPartnerGuides(): Map<string, string> {
  return new Map(
    PARTNER_GUIDES.map((guide) => {
      const source = readFileSync(`${GUIDES_DIR}${guide.slug}.md`, 'utf8');
      return [guide.slug, page(guide.title, markdown.render(source))];
    }),
  );
}
