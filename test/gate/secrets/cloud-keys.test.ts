import { describe, expect, it } from 'vitest';
import { detectAwsKeys, detectAzureKeys, detectGoogleApiKeys } from '../../../src/gate/secrets/cloud-keys.ts';
import { awsAccessKeyId, awsSecretKey, azureKey, googleApiKey } from '../corpus/fake-secrets.ts';
import { Rng } from '../corpus/rng.ts';

const rng = new Rng(202);
const codes = (findings: { code: string }[]) => findings.map((f) => f.code);

describe('detectAwsKeys', () => {
  it('finds access key ids, bare or in a sentence', () => {
    const id = awsAccessKeyId(rng);
    expect(codes(detectAwsKeys(`my aws key is ${id}`))).toEqual(['secret.aws_access_key']);
    expect(codes(detectAwsKeys(`AWS_ACCESS_KEY_ID=${id}`))).toEqual(['secret.aws_access_key']);
  });

  it('finds a secret access key with AWS context before it or a key id in the text', () => {
    const secret = awsSecretKey(rng);
    expect(codes(detectAwsKeys(`aws_secret_access_key = ${secret}`))).toEqual(['secret.aws_secret_key']);
    expect(codes(detectAwsKeys(`export AWS_SECRET_ACCESS_KEY=${secret}`))).toEqual(['secret.aws_secret_key']);
    expect(codes(detectAwsKeys(`${awsAccessKeyId(rng)} / ${secret}`)).sort()).toEqual([
      'secret.aws_access_key',
      'secret.aws_secret_key',
    ]);
  });

  it('ignores 40-character look-alikes: git hashes, lowercase paths, unlabelled base64', () => {
    expect(detectAwsKeys('aws deploy fixed in commit 9fceb02d0ae598e95dc970b74767f19372d61af8')).toEqual([]);
    expect(detectAwsKeys(`the blob is ${awsSecretKey(rng)} in the test fixture`)).toEqual([]);
    expect(detectAwsKeys('the AKIA prefix means a long-term key')).toEqual([]);
    expect(detectAwsKeys('arn:aws:iam::123456789012:role/github-deploy')).toEqual([]);
  });
});

describe('detectAzureKeys', () => {
  it('finds storage keys, SAS URLs, Entra client secrets and labelled hex keys', () => {
    for (let i = 0; i < 12; i++) expect(codes(detectAzureKeys(azureKey(rng)))).toContain('secret.azure_key');
  });

  it('ignores Azure ids and URLs without a signature', () => {
    expect(detectAzureKeys('the Azure tenant id is 72f988bf-86f1-41af-91ab-2d7cd011db47')).toEqual([]);
    expect(detectAzureKeys('https://acmestore.blob.core.windows.net/exports/report.csv')).toEqual([]);
    expect(detectAzureKeys('Azure subscription "Prod-EU" is billed to cost centre 4410.')).toEqual([]);
  });
});

describe('detectGoogleApiKeys', () => {
  it('finds AIza keys, including inside URLs', () => {
    const key = googleApiKey(rng);
    expect(codes(detectGoogleApiKeys(`https://maps.googleapis.com/maps/api/js?key=${key}&v=3`))).toEqual([
      'secret.google_api_key',
    ]);
  });

  it('ignores the prefix alone and keys of the wrong length', () => {
    expect(detectGoogleApiKeys('Google keys start with AIza')).toEqual([]);
    expect(detectGoogleApiKeys(`${googleApiKey(rng)}XYZ`)).toEqual([]);
  });
});
