// Tournaments' pure rules: table plans, seating, game records and standings, all reproducible from the
// tournament's published seed.
export * from './gameRecord';
export * from './random';
export * from './seating';
export * from './standings';
export * from './tables';
