// A database's schema as a map from object name to its properties, read from the system catalogs, and a readable
// diff of two such maps. The schema-vs-migrations test uses it to prove that supabase/schemas/ and
// supabase/migrations/ build the same database. Owner names and OIDs are left out (two databases built by the same
// role compare equal); everything else that changes behaviour is in: types, defaults, generated expressions,
// constraints, index definitions and storage parameters, RLS, policies, function bodies and settings, privileges,
// comments, extensions and the role memberships the migrations create.
import type { SqlSession } from '../../src/ports/sql.ts';

/** Object name (e.g. `function engram.iso(timestamp with time zone)`) -> property -> value. */
export type Catalog = Map<string, Record<string, string>>;

/** The migration runner's own bookkeeping, not part of the schema it builds. */
const RUNNER_TABLE = 'engram_schema_migrations';

// Schemas the catalog covers: every one but the system's (and temp schemas).
const USER_NAMESPACE = `(n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema')`;

// Objects an extension's script created belong to the extension (compared by name and version), not to us.
const notExtensionMember = (classTable: string, oid: string) =>
  `not exists (select 1 from pg_catalog.pg_depend d where d.classid = '${classTable}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;

// Privileges as a sorted list of grantee=privilege, with the owner written `owner` and the grantor left out, so the
// owner's name does not matter; a null ACL (the built-in default) is expanded first, so that an explicit ACL equal
// to the default compares equal to it.
const acl = (column: string, kind: string, owner: string) => `(
  select coalesce(pg_catalog.string_agg(x.item, ', ' order by x.item), '')
    from (select case when a.grantee = 0 then 'PUBLIC' when a.grantee = ${owner} then 'owner'
                      else pg_catalog.pg_get_userbyid(a.grantee) end
                 || '=' || a.privilege_type || case when a.is_grantable then ' with grant option' else '' end as item
            from pg_catalog.aclexplode(coalesce(${column}, pg_catalog.acldefault((${kind})::"char", ${owner}))) a) x)`;

const ownedBy = (
  owner: string,
) => `case when ${owner} = (select oid from pg_catalog.pg_roles where rolname = current_user)
  then 'the migrating role' else pg_catalog.pg_get_userbyid(${owner})::text end`;

/** One query per kind of object; each row is `key` plus the properties compared. */
const QUERIES: readonly string[] = [
  `select 'extension ' || e.extname as key, n.nspname as schema, e.extversion as version
     from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace`,

  `select 'schema ' || n.nspname as key, ${ownedBy('n.nspowner')} as owner, ${acl('n.nspacl', "'n'", 'n.nspowner')} as privileges
     from pg_catalog.pg_namespace n where ${USER_NAMESPACE}`,

  `select case c.relkind when 'r' then 'table ' when 'p' then 'table ' when 'v' then 'view ' when 'm' then 'view '
              when 'S' then 'sequence ' when 'f' then 'foreign table ' when 'c' then 'type ' end
          || pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(c.relname) as key,
          c.relkind::text as kind, c.relpersistence::text as persistence,
          c.relrowsecurity::text as row_level_security, c.relforcerowsecurity::text as force_row_level_security,
          coalesce(pg_catalog.array_to_string(c.reloptions, ', '), '') as storage_parameters,
          coalesce(am.amname::text, '') as access_method, c.relreplident::text as replica_identity,
          case when c.relkind in ('v', 'm') then pg_catalog.pg_get_viewdef(c.oid) else '' end as view_definition,
          ${ownedBy('c.relowner')} as owner,
          ${acl('c.relacl', "case c.relkind when 'S' then 's' else 'r' end", 'c.relowner')} as privileges
     from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     left join pg_catalog.pg_am am on am.oid = c.relam
    where ${USER_NAMESPACE} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f', 'c') and c.relname <> '${RUNNER_TABLE}'
      and ${notExtensionMember('pg_class', 'c.oid')}`,

  `select 'sequence ' || pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(c.relname) || ' parameters' as key,
          pg_catalog.format_type(s.seqtypid, null) as type, s.seqstart::text as start, s.seqincrement::text as increment,
          s.seqmin::text as min, s.seqmax::text as max, s.seqcache::text as cache, s.seqcycle::text as cycle
     from pg_catalog.pg_sequence s join pg_catalog.pg_class c on c.oid = s.seqrelid
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace where ${USER_NAMESPACE}`,

  `select 'column ' || pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(c.relname) || '.'
          || pg_catalog.quote_ident(a.attname) as key,
          (pg_catalog.row_number() over (partition by c.oid order by a.attnum))::text as position,
          pg_catalog.format_type(a.atttypid, a.atttypmod) as type, a.attnotnull::text as not_null,
          coalesce(pg_catalog.pg_get_expr(d.adbin, d.adrelid), '') as "default",
          a.attgenerated::text as generated, a.attidentity::text as identity, a.attstorage::text as storage,
          coalesce(co.collname::text, '') as collation,
          -- The options SQL can set (n_distinct, n_distinct_inherited); some builds stamp others of their own.
          coalesce((select pg_catalog.string_agg(o, ', ' order by o) from pg_catalog.unnest(a.attoptions) o
                     where o like 'n\\_distinct%'), '') as options,
          ${acl('a.attacl', "'c'", 'c.relowner')} as privileges
     from pg_catalog.pg_attribute a join pg_catalog.pg_class c on c.oid = a.attrelid
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     left join pg_catalog.pg_collation co on co.oid = a.attcollation and a.attcollation <> (
       select t.typcollation from pg_catalog.pg_type t where t.oid = a.atttypid)
    where ${USER_NAMESPACE} and c.relkind in ('r', 'p', 'v', 'm', 'f', 'c') and a.attnum > 0
      and not a.attisdropped and c.relname <> '${RUNNER_TABLE}' and ${notExtensionMember('pg_class', 'c.oid')}`,

  `select 'constraint ' || pg_catalog.quote_ident(n.nspname) || '.'
          || coalesce(pg_catalog.quote_ident(c.relname), pg_catalog.format_type(co.contypid, null)) || '.'
          || pg_catalog.quote_ident(co.conname) as key,
          co.contype::text as type, pg_catalog.pg_get_constraintdef(co.oid) as definition,
          co.convalidated::text as validated, co.connoinherit::text as no_inherit
     from pg_catalog.pg_constraint co join pg_catalog.pg_namespace n on n.oid = co.connamespace
     left join pg_catalog.pg_class c on c.oid = co.conrelid
    where ${USER_NAMESPACE} and coalesce(c.relname, '') <> '${RUNNER_TABLE}'
      and ${notExtensionMember('pg_type', 'co.contypid')}`,

  `select 'index ' || pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(c.relname) as key,
          pg_catalog.pg_get_indexdef(c.oid) as definition,
          coalesce(pg_catalog.array_to_string(c.reloptions, ', '), '') as storage_parameters,
          i.indisvalid::text as valid, i.indisclustered::text as clustered, i.indisreplident::text as replica_identity
     from pg_catalog.pg_index i join pg_catalog.pg_class c on c.oid = i.indexrelid
     join pg_catalog.pg_class t on t.oid = i.indrelid
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where ${USER_NAMESPACE} and t.relname <> '${RUNNER_TABLE}'`,

  `select 'statistics ' || pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(s.stxname) as key,
          pg_catalog.pg_get_statisticsobjdef(s.oid) as definition, coalesce(s.stxstattarget::text, '') as target
     from pg_catalog.pg_statistic_ext s join pg_catalog.pg_namespace n on n.oid = s.stxnamespace
    where ${USER_NAMESPACE}`,

  `select 'trigger ' || pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(c.relname) || '.'
          || pg_catalog.quote_ident(t.tgname) as key,
          pg_catalog.pg_get_triggerdef(t.oid) as definition, t.tgenabled::text as enabled
     from pg_catalog.pg_trigger t join pg_catalog.pg_class c on c.oid = t.tgrelid
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where ${USER_NAMESPACE} and not t.tgisinternal`,

  `select 'policy ' || pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(c.relname) || '.'
          || pg_catalog.quote_ident(p.polname) as key,
          p.polpermissive::text as permissive, p.polcmd::text as command,
          (select pg_catalog.string_agg(case when r = 0 then 'PUBLIC' else pg_catalog.pg_get_userbyid(r)::text end, ', '
                                        order by 1)
             from pg_catalog.unnest(p.polroles) r) as roles,
          coalesce(pg_catalog.pg_get_expr(p.polqual, p.polrelid), '') as "using",
          coalesce(pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid), '') as with_check
     from pg_catalog.pg_policy p join pg_catalog.pg_class c on c.oid = p.polrelid
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace where ${USER_NAMESPACE}`,

  `select case p.prokind when 'p' then 'procedure ' when 'a' then 'aggregate ' else 'function ' end
          || p.oid::regprocedure::text as key,
          p.prokind::text as kind, pg_catalog.pg_get_function_arguments(p.oid) as arguments,
          coalesce(pg_catalog.pg_get_function_result(p.oid), '') as result, l.lanname::text as language,
          p.provolatile::text as volatility, p.prosecdef::text as security_definer,
          p.proparallel::text as parallel, p.proisstrict::text as strict, p.proleakproof::text as leakproof,
          p.procost::text as cost, p.prorows::text as rows,
          coalesce(pg_catalog.array_to_string(p.proconfig, ', '), '') as config,
          p.prosrc as body, coalesce(pg_catalog.pg_get_function_sqlbody(p.oid), '') as sql_body,
          ${ownedBy('p.proowner')} as owner, ${acl('p.proacl', "'f'", 'p.proowner')} as privileges
     from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     join pg_catalog.pg_language l on l.oid = p.prolang
    where ${USER_NAMESPACE} and ${notExtensionMember('pg_proc', 'p.oid')}`,

  // Domains, enums, ranges and base types of ours (table row types and array types come with their table/type).
  `select 'type ' || pg_catalog.format_type(t.oid, null) as key, t.typtype::text as kind,
          coalesce(pg_catalog.format_type(t.typbasetype, t.typtypmod), '') as base_type, t.typnotnull::text as not_null,
          coalesce(t.typdefault, '') as "default",
          coalesce((select pg_catalog.string_agg(e.enumlabel::text, ', ' order by e.enumsortorder)
                      from pg_catalog.pg_enum e where e.enumtypid = t.oid), '') as labels,
          ${ownedBy('t.typowner')} as owner, ${acl('t.typacl', "'T'", 't.typowner')} as privileges
     from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
    where ${USER_NAMESPACE} and t.typtype in ('b', 'd', 'e', 'r', 'm') and t.typcategory <> 'A'
      and ${notExtensionMember('pg_type', 't.oid')}`,

  // Everything else that can live in a schema of ours, by name only (none exists today: a new kind shows up here).
  `select 'object ' || pg_catalog.pg_describe_object(o.classid, o.objid, 0) as key, '' as present
     from (select 'pg_operator'::regclass as classid, x.oid as objid, x.oprnamespace as ns from pg_catalog.pg_operator x
           union all select 'pg_opclass'::regclass, x.oid, x.opcnamespace from pg_catalog.pg_opclass x
           union all select 'pg_opfamily'::regclass, x.oid, x.opfnamespace from pg_catalog.pg_opfamily x
           union all select 'pg_collation'::regclass, x.oid, x.collnamespace from pg_catalog.pg_collation x
           union all select 'pg_conversion'::regclass, x.oid, x.connamespace from pg_catalog.pg_conversion x
           union all select 'pg_ts_config'::regclass, x.oid, x.cfgnamespace from pg_catalog.pg_ts_config x
           union all select 'pg_ts_dict'::regclass, x.oid, x.dictnamespace from pg_catalog.pg_ts_dict x) o
     join pg_catalog.pg_namespace n on n.oid = o.ns
    where ${USER_NAMESPACE} and not exists (select 1 from pg_catalog.pg_depend d
                                               where d.classid = o.classid and d.objid = o.objid and d.deptype = 'e')
   union all
   select 'object ' || pg_catalog.pg_describe_object(x.tableoid, x.oid, 0), '' from pg_catalog.pg_event_trigger x
   union all
   select 'object ' || pg_catalog.pg_describe_object(x.tableoid, x.oid, 0), '' from pg_catalog.pg_publication x`,

  `select 'default privileges of ' || case when d.defaclrole = (select oid from pg_catalog.pg_roles where rolname = current_user)
            then 'the migrating role' else pg_catalog.pg_get_userbyid(d.defaclrole)::text end
          || coalesce(' in schema ' || n.nspname, '') || ' on ' || d.defaclobjtype::text as key,
          ${acl('d.defaclacl', "case d.defaclobjtype when 'S' then 's' else d.defaclobjtype end", 'd.defaclrole')} as privileges
     from pg_catalog.pg_default_acl d left join pg_catalog.pg_namespace n on n.oid = d.defaclnamespace`,

  // Every comment on an object created after initdb (an extension's own objects aside), named as PostgreSQL names it.
  `select 'comment on ' || pg_catalog.pg_describe_object(d.classoid, d.objoid, d.objsubid) as key, d.description as text
     from pg_catalog.pg_description d
    where d.objoid >= 16384 and not exists (select 1 from pg_catalog.pg_depend e
                                             where e.classid = d.classoid and e.objid = d.objoid and e.deptype = 'e')`,
];

// Roles are per cluster, not per database: only those this database's grants and policies name are read, and of
// their memberships only those of these roles or of the migrating role (other databases on a shared server may
// create roles of their own at any time).
const ROLES = `
  select 'role ' || r.rolname as key, r.rolcanlogin::text as login, r.rolinherit::text as inherit,
         r.rolsuper::text as superuser, r.rolcreaterole::text as create_role, r.rolbypassrls::text as bypass_rls
    from pg_catalog.pg_roles r
   -- Supabase's API roles too: the migrations create them where they are missing.
   where r.rolname = any ($1::text[]) or r.rolname in ('anon', 'authenticated', 'service_role')`;

const MEMBERSHIPS = `
  select 'membership of ' || case when m.member = (select oid from pg_catalog.pg_roles where rolname = current_user)
           then 'the migrating role' else pg_catalog.pg_get_userbyid(m.member)::text end
         || ' in ' || pg_catalog.pg_get_userbyid(m.roleid) as key, m.admin_option::text as admin_option
    from pg_catalog.pg_auth_members m
   where pg_catalog.pg_get_userbyid(m.roleid) = any ($1::text[])
     and (m.member = (select oid from pg_catalog.pg_roles where rolname = current_user)
          or pg_catalog.pg_get_userbyid(m.member) = any ($1::text[]))`;

/** The roles that the catalog's privileges and policies name. */
function rolesNamed(catalog: Catalog): string[] {
  const roles = new Set<string>();
  for (const [key, props] of catalog) {
    for (const item of (props.privileges ?? '').split(', ')) {
      const grantee = item.split('=')[0];
      if (grantee && grantee !== 'PUBLIC' && grantee !== 'owner') roles.add(grantee);
    }
    if (key.startsWith('policy '))
      for (const role of (props.roles ?? '').split(', ')) if (role && role !== 'PUBLIC') roles.add(role);
  }
  return [...roles].sort();
}

/** Reads the schema of the database `db` is connected to. */
export async function snapshotCatalog(db: SqlSession): Promise<Catalog> {
  const catalog: Catalog = new Map();
  const add = (row: Record<string, unknown>) => {
    const { key, ...rest } = row;
    const entry: Record<string, string> = {};
    for (const [name, value] of Object.entries(rest)) entry[name] = value === null ? '' : String(value);
    const name = String(key);
    if (catalog.has(name)) throw new Error(`catalog snapshot: two objects named ${name}`);
    catalog.set(name, entry);
  };
  for (const sql of QUERIES) for (const row of (await db.query(sql)).rows) add(row);
  const roles = rolesNamed(catalog);
  for (const sql of [ROLES, MEMBERSHIPS]) for (const row of (await db.query(sql, [roles])).rows) add(row);
  return catalog;
}

/** The first line where two texts differ, with a line of context, for a readable diff of long bodies. */
function firstDifference(a: string, b: string): string {
  const left = a.split('\n');
  const right = b.split('\n');
  let line = 0;
  while (line < left.length && line < right.length && left[line] === right[line]) line++;
  const show = (lines: string[]) => (line < lines.length ? JSON.stringify(lines[line]) : '(end)');
  return `line ${line + 1}: ${show(left)} vs ${show(right)}`;
}

/**
 * Human-readable differences between two catalogs, one line per object (and property), sorted by object name;
 * empty when they are the same. `names` label the two sides, e.g. ['schemas/', 'migrations/'].
 */
export function diffCatalogs(a: Catalog, b: Catalog, names: [string, string]): string[] {
  const out: string[] = [];
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort();
  for (const key of keys) {
    const left = a.get(key);
    const right = b.get(key);
    if (!left) {
      out.push(`${key}: only in ${names[1]}`);
      continue;
    }
    if (!right) {
      out.push(`${key}: only in ${names[0]}`);
      continue;
    }
    for (const prop of [...new Set([...Object.keys(left), ...Object.keys(right)])].sort()) {
      const l = left[prop] ?? '';
      const r = right[prop] ?? '';
      if (l === r) continue;
      const multiline = l.includes('\n') || r.includes('\n');
      out.push(
        multiline
          ? `${key}: ${prop} differs at ${firstDifference(l, r)} (${names[0]} vs ${names[1]})`
          : `${key}: ${prop} differs: ${names[0]} ${JSON.stringify(l)}, ${names[1]} ${JSON.stringify(r)}`,
      );
    }
  }
  return out;
}
