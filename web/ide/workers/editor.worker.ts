// Monaco's base editor worker, bundled as a classic script (see scripts/build-web.mjs).
import 'monaco-editor/esm/vs/editor/editor.worker.js';
