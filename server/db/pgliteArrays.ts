// PGlite's array types, known without asking (issue 16). PGlite 0.3, once open, reads every array type from
// pg_type (its `_initArrayTypes`: a join over the catalog with GROUP BY and ORDER BY, Postgres's first query
// after a restart, 85-120 ms of cold code in the worker on the way to the first intent) to (de)serialize array
// parameters and results. The arrays of Postgres's own types have fixed OIDs (its catalog, pg_type.dat), so
// the pairs are written here instead; tests/server/migrations.test.ts checks them against pg_type and that
// they cover every array column of the schema.

/** Element type OID -> its array type's OID: each type PGlite converts itself (types.parsers/serializers), and uuid. */
export const ARRAY_TYPES: ReadonlyMap<number, number> = new Map([
  [16, 1000], // bool
  [17, 1001], // bytea
  [20, 1016], // int8
  [21, 1005], // int2
  [23, 1007], // int4
  [25, 1009], // text
  [26, 1028], // oid
  [114, 199], // json
  [700, 1021], // float4
  [701, 1022], // float8
  [1042, 1014], // bpchar
  [1043, 1015], // varchar
  [1082, 1182], // date
  [1114, 1115], // timestamp
  [1184, 1185], // timestamptz
  [2950, 2951], // uuid
  [3802, 3807], // jsonb
]);
