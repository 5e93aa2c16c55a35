// Preloaded into the server by the soak (node --import): one line of the process's own memory
// figures every SOAK_MEMORY_SAMPLE_MS. With --expose-gc it collects garbage first, so the heap
// figure is what is still alive, which is what grows when something leaks.
const intervalMs = Number(process.env.SOAK_MEMORY_SAMPLE_MS) || 10_000;

setInterval(() => {
  globalThis.gc?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.stdout.write(
    `${JSON.stringify({ soak_memory: { rss, heap_used: heapUsed, external, array_buffers: arrayBuffers } })}\n`,
  );
}, intervalMs).unref();
