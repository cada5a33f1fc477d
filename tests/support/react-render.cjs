// Renders one page with the react-dom build NODE_ENV picks and writes its bytes to stdout
// (app/lib/react-dom-writes.test.ts runs it once per build: React and its renderer must come from
// the same build, which one process cannot mix). Argument: the number of list rows. It also says how
// many times the renders ran work in an AsyncLocalStorage (the patched build should never).
const { AsyncLocalStorage } = require('node:async_hooks');
const { PassThrough } = require('node:stream');

let storageRuns = 0;
for (const method of ['run', 'enterWith']) {
  const own = AsyncLocalStorage.prototype[method];
  AsyncLocalStorage.prototype[method] = function (...args) {
    storageRuns++;
    return own.apply(this, args);
  };
}
const { createElement: h, lazy, Suspense } = require('react');
const { renderToPipeableStream } = require('react-dom/server');

const rows = Number(process.argv[2]);
const Later = lazy(() => new Promise((resolve) => setTimeout(() => resolve({ default: () => h('p', { className: 'later' }, 'Chargé plus tard · 😀') }), 5)));
const page = h('html', { lang: 'fr' },
  h('head', null,
    h('meta', { charSet: 'utf-8' }),
    h('title', null, 'Défis · CTF Arena'),
    h('link', { rel: 'stylesheet', href: '/app.css', precedence: 'default' })),
  h('body', null,
    h('h1', { title: '"quoted" & <angled>' }, 'Élève n° 1 — 北京 — 𝔘nicode'),
    h(Suspense, { fallback: h('p', null, '…') }, h(Later)),
    h('ul', null,
      Array.from({ length: rows }, (_, i) =>
        h('li', { key: i, 'data-row': i, className: i % 2 ? 'odd' : 'even' }, `Ligne ${i}: `, 'é'.repeat(i % 7), h('a', { href: `/practices/challenges?challenge=${i}&tab=solves` }, 'Défi ', i)))),
    h('script', { dangerouslySetInnerHTML: { __html: `window.x = ${JSON.stringify('𝔘'.repeat(9000))};` } })));

const render = (node) => new Promise((resolve, reject) => {
  const { pipe } = renderToPipeableStream(node, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onAllReady() {
      const body = new PassThrough();
      const chunks = [];
      body.on('data', (chunk) => chunks.push(chunk));
      body.on('end', () => resolve(Buffer.concat(chunks)));
      pipe(body);
    },
    onShellError: reject,
    onError: reject,
  });
});

(async () => {
  // Two renders after the page: no text of one may be left for the next.
  const out = [await render(page), await render(h('p', null, 'première')), await render(h('p', null, 'seconde'))];
  process.stdout.write(JSON.stringify({ renders: out.map((b) => b.toString('base64')), storageRuns }));
})();
