/** The hashed path of src/web/boot.js in the build ('/assets/boot-…js'), set by vite.config.ts. */
declare const __BOOT_SCRIPT__: string;
