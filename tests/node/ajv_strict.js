// Compile hexfort's schemas with Ajv 8 in strict mode (Draft 2020-12) and validate documents with them.
// Usage: node ajv_strict.js AJV_PACKAGE_DIR SCHEMA_DIR JOBS.json
// JOBS.json: [{"kind": "map", "file": "...", "expect": true|false}, ...]. Prints one JSON object:
// {"compiled": [...], "errors": [...]} where each error names the schema or file and Ajv's words.
"use strict";
const fs = require("fs");
const path = require("path");
const [ajvDir, schemaDir, jobsFile] = process.argv.slice(2);
const Ajv2020 = require(path.join(ajvDir, "dist", "2020")).default;
const ajv = new Ajv2020({strict: true, allErrors: true});
const out = {compiled: [], errors: [], version: require(path.join(ajvDir, "package.json")).version};
const ids = {};
for (const name of fs.readdirSync(schemaDir).filter((f) => f.endsWith(".schema.json")).sort()) {
  const schema = JSON.parse(fs.readFileSync(path.join(schemaDir, name), "utf8"));
  ids[name.replace(".schema.json", "")] = schema.$id;
  ajv.addSchema(schema);
}
for (const [kind, id] of Object.entries(ids)) {
  try {
    ajv.getSchema(id);
    out.compiled.push(kind);
  } catch (e) {
    out.errors.push(`schema ${kind}: ${e.message}`);
  }
}
for (const job of JSON.parse(fs.readFileSync(jobsFile, "utf8"))) {
  const validate = ajv.getSchema(ids[job.kind]);
  if (!validate) continue;  // its schema did not compile: reported above
  const ok = validate(JSON.parse(fs.readFileSync(job.file, "utf8")));
  if (ok !== job.expect) {
    const why = ok ? "accepted, hexfort refuses it" : ajv.errorsText(validate.errors);
    out.errors.push(`${job.file} (${job.kind}): ${why}`);
  }
}
console.log(JSON.stringify(out));
