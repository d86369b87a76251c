// Monaco's JSON language worker (the variables and headers editors).
import 'monaco-editor/esm/vs/language/json/json.worker.js';
