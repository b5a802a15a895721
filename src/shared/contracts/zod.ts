import { z } from 'zod';

// The contracts' one import of zod. In a browser, zod compiles object parsers with `new Function` unless
// told not to; our Content-Security-Policy forbids that, and Chrome reports even zod's caught probe as a
// policy violation. Forms parse little, so the browser parses without compiling; the server keeps it.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
