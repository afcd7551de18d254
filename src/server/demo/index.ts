// The demo data main.ts loads when DEMO_DATA is true.
export { seedDemoData } from './seed-demo-data';
export { seedDemoHistory } from './demo-history';
