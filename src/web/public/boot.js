// Server-rendered pages load the app once they are on screen (docs/decisions/0008-server-rendering.md):
// the page's HTML and style sheet get the connection to themselves, then the scripts come and hydrate it.
// The server names the app's entry and the modules it will need on this script element.
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
  const start = () => {
    for (const href of (boot.dataset.preload ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    import(entry);
  };
  // After the next frame is painted; a page opened in a background tab (no frames) starts at once.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
}
