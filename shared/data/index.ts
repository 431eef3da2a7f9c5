// Titan's static data: one import for the vocabulary and every table.

export * from './battlelands';
export * from './characters';
export * from './hexGeometry';
export * from './markers';
export * from './masterboard';
export * from './mastercharts';
export * from './strikeChart';
export * from './types';
