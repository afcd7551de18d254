// Prometheus metrics: create-deps makes them, app.ts serves them, the features report to deps.metrics.
export { createMetrics, type Metrics } from './create-metrics';
export { installMetrics, type UnmatchedRequestHook } from './routes';
