import { describe, expect, it } from 'vitest';
import { detectConnectionStrings, detectHttpAuth } from '../../../src/gate/secrets/connection-strings.ts';
import { bearerHeader, connectionString, jwt } from '../corpus/fake-secrets.ts';
import { Rng } from '../corpus/rng.ts';

const rng = new Rng(606);

describe('detectConnectionStrings', () => {
  it('finds URLs with a password for databases, brokers, caches and git, spanning the password', () => {
    for (let i = 0; i < 15; i++) {
      const url = connectionString(rng);
      expect(detectConnectionStrings(`DATABASE_URL=${url}`), url).toHaveLength(1);
    }
    const text = 'redis://:s3cretpw@cache:6379';
    const [finding] = detectConnectionStrings(text);
    expect(text.slice(finding?.start, finding?.end)).toBe('s3cretpw');
  });

  it('ignores URLs without a password, with a placeholder, or with a port only', () => {
    for (const text of [
      'postgres://app@db.internal:5432/app',
      'postgresql://localhost/engram_dev',
      'the format is postgres://user:password@host:5432/dbname',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${VAR} reference is the input under test
      'postgres://app:${DB_PASSWORD}@db:5432/app',
      'mysql://root:<password>@localhost/test',
      'http://localhost:8080/path@v2',
      'https://github.com/acme/api/pull/42',
    ]) {
      expect(detectConnectionStrings(text), text).toEqual([]);
    }
  });

  it('finds key=value connection strings with a password, spanning the password', () => {
    const text =
      'Server=tcp:acme.database.windows.net,1433;Initial Catalog=crm;User ID=crm;Password=Pq7!vLx2sR;Encrypt=True;';
    const [finding] = detectConnectionStrings(text);
    expect(text.slice(finding?.start, finding?.end)).toBe('Pq7!vLx2sR');
    expect(
      detectConnectionStrings('Data Source=db01;Database=Lager;User Id=sa;Pwd=Fjall#2291;'),
    ).toHaveLength(1);
    for (const text of [
      'Server=db01;Database=Lager;Integrated Security=True;',
      'Server=db01;Database=Lager;User Id=sa;Password=<password>;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${VAR} reference is the input under test
      'Server=db01;User Id=sa;Password=${SQL_PASSWORD};',
    ]) {
      expect(detectConnectionStrings(text), text).toEqual([]);
    }
  });
});

describe('detectHttpAuth', () => {
  it('finds Bearer and Basic credentials', () => {
    for (let i = 0; i < 10; i++)
      expect(detectHttpAuth(`curl -H "${bearerHeader(rng)}" https://x`)).toHaveLength(1);
    expect(detectHttpAuth(`Authorization: Bearer ${jwt(rng)}`)).toHaveLength(1);
  });

  it('ignores prose about bearer tokens and Basic values that are not user:password', () => {
    expect(detectHttpAuth('Bearer authentication is required for every endpoint')).toEqual([]);
    expect(detectHttpAuth('send Authorization: Bearer <token> on every call')).toEqual([]);
    expect(detectHttpAuth('Authorization: Basic aGVsbG8gd29ybGQ=')).toEqual([]);
  });
});
