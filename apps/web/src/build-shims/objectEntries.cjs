// node-polyglot's `object.entries` polyfill, in browsers that have had Object.entries since 2017: the polyfill brought a
// dozen ECMAScript-abstraction packages (get-intrinsic, call-bind, define-properties...) into every signed-in page.
// CommonJS, as node-polyglot requires it. The build puts it in place of the package (vite.config.ts, REPLACED_LIBRARY_FILES).
module.exports = Object.entries;
