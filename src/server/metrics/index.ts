// Prometheus metrics: create-deps makes them, app.ts serves them, the features report to deps.metrics.
export { createMetrics, type Metrics } from './create-metrics';
export { installMetrics, presentsToken, type UnmatchedRequestHook } from './routes';
