// Server-rendered pages load the app once they are on screen (docs/decisions/0008-server-rendering.md):
// the page's HTML and style sheet get the connection to themselves, then the scripts come and hydrate it.
// The server names, on this script element, the app's entry, the chunks the entry imports (data-shared,
// in the order the build lists them) and the chunks of this page (data-preload).
const boot = document.querySelector('script[data-entry]');
// A form sent before the app has taken over would go out as a plain GET with its fields in the address
// (a password, a message): hold it until the app handles it.
document.addEventListener(
  'submit',
  (event) => {
    if (!document.documentElement.hasAttribute('data-hydrated')) event.preventDefault();
  },
  true,
);
if (boot instanceof HTMLScriptElement && boot.dataset.entry) {
  const entry = boot.dataset.entry;
  const list = (value) => (value ?? '').split(' ').filter(Boolean);
  const shared = list(boot.dataset.shared);
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  const start = async () => {
    // Everything downloads at once…
    for (const href of [...shared, ...list(boot.dataset.preload)]) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    // …and runs a chunk per task (React DOM alone is one), so no single task holds the page for long.
    for (const href of shared) {
      await import(href);
      await nextTask();
    }
    await import(entry);
  };
  // After the next frame is painted; a page opened in a background tab (no frames) starts at once.
  if (document.visibilityState === 'hidden') void start();
  else requestAnimationFrame(() => setTimeout(start, 0));
}
