// cryptosizer's import reader: a Worker that runs web/import.wasm
// (app/cmd/importer), the readers of pasted benchmark output, which the
// page's own module leaves out. The page posts {id, request} (request:
// the JSON of a dataset.ReadRequest) and gets {id, reply} (the JSON of
// the answer) or {id, error} when the module could not run.
importScripts("../wasm_exec.js");

const ready = (async () => {
  const go = new Go();
  const response = await fetch("import.wasm");
  if (!response.ok) {
    throw new Error("import.wasm: HTTP " + response.status);
  }
  const { instance } = await WebAssembly.instantiate(await response.arrayBuffer(), go.importObject);
  go.run(instance); // runs until main waits: cryptosizerRead is set
})();

self.onmessage = async (event) => {
  const id = event.data && event.data.id;
  try {
    await ready;
    self.postMessage({ id: id, reply: self.cryptosizerRead(String(event.data.request)) });
  } catch (err) {
    self.postMessage({ id: id, error: "the import reader could not run: " + String((err && err.message) || err) });
  }
};
