// monaco-graphql's language worker (validation and completion in the query editor).
import 'monaco-graphql/esm/graphql.worker.js';
