/** Renders an OpenAPI 3 document as one static, script-free HTML page (it must pass the strict CSP). */

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

interface OpenApiDocument {
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const json = (value: unknown): string =>
  `<pre><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre>`;

const anchor = (method: string, path: string): string =>
  `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

function renderOperation(method: string, path: string, op: Operation): string {
  const isPublic = Array.isArray(op.security) && op.security.length === 0;
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${escapeHtml(p.description ?? '')}</td></tr>`,
    )
    .join('');
  const body = op.requestBody?.content
    ? Object.entries(op.requestBody.content)
        .map(([type, media]) => `<h4>Request body (${escapeHtml(type)})</h4>${json(media.schema ?? {})}`)
        .join('')
    : '';
  const responses = Object.entries(op.responses ?? {})
    .map(([status, response]) => {
      const content = Object.entries(response.content ?? {})
        .map(([type, media]) => `<p>${escapeHtml(type)}</p>${json(media.schema ?? {})}`)
        .join('');
      return `<h4>${escapeHtml(status)} ${escapeHtml(response.description ?? '')}</h4>${content}`;
    })
    .join('');
  return `<section class="op" id="${anchor(method, path)}">
<h3><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
${op.summary ? `<p>${escapeHtml(op.summary)}</p>` : ''}
${op.description ? `<p>${escapeHtml(op.description)}</p>` : ''}
<p><strong>Access:</strong> ${isPublic ? 'public (no sign-in)' : 'bearer token required'}</p>
${params ? `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead><tbody>${params}</tbody></table>` : ''}
${body}
${responses ? `<details><summary>Responses</summary>${responses}</details>` : ''}
</section>`;
}

export function renderApiDocs(document: unknown): string {
  const doc = document as OpenApiDocument;
  const operations: { tag: string; method: string; path: string; op: Operation }[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) operations.push({ tag: op.tags?.[0] ?? 'other', method, path, op });
    }
  }
  const tags = [...new Set(operations.map((o) => o.tag))].sort();
  const toc = operations
    .map(
      (o) =>
        `<li><a href="#${anchor(o.method, o.path)}">${o.method.toUpperCase()} ${escapeHtml(o.path)}</a></li>`,
    )
    .join('');
  const sections = tags
    .map(
      (tag) =>
        `<h2>${escapeHtml(tag)}</h2>` +
        operations
          .filter((o) => o.tag === tag)
          .map((o) => renderOperation(o.method, o.path, o.op))
          .join(''),
    )
    .join('');
  const schemas = Object.entries(doc.components?.schemas ?? {})
    .map(
      ([name, schema]) =>
        `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>${json(schema)}</section>`,
    )
    .join('');
  const title = `${doc.info?.title ?? 'API'} ${doc.info?.version ?? ''}`.trim();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.5rem;color:#1a1a1a;line-height:1.5}
a{color:#0b5cad} code,pre{font-family:ui-monospace,monospace} pre{background:#f4f6f8;padding:.75rem;overflow:auto;border-radius:4px}
.op{border-top:1px solid #ccd3da;padding:.5rem 0} .method{display:inline-block;min-width:4.5rem;font-weight:700;color:#0d4f3c}
table{border-collapse:collapse;margin:.5rem 0} th,td{border:1px solid #ccd3da;padding:.25rem .5rem;text-align:left}
caption{text-align:left;font-weight:600}
</style></head>
<body><header><h1>${escapeHtml(title)}</h1><p>${escapeHtml(doc.info?.description ?? '')}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a></p></header>
<main><nav aria-label="Operations"><h2>Operations</h2><ul>${toc}</ul></nav>${sections}
<h2>Schemas</h2>${schemas}</main></body></html>`;
}
