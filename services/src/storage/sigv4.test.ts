import { describe, expect, it } from 'vitest';
import { EMPTY_PAYLOAD_HASH, sha256Hex, signV4, uriEncode } from './sigv4.ts';

// AWS's published examples ("Examples of signature calculations", Amazon S3 API reference).
const credentials = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };
const date = new Date('2013-05-24T00:00:00Z');
const host = 'examplebucket.s3.amazonaws.com';

describe('AWS Signature Version 4', () => {
  it('signs GET Object exactly as AWS documents', () => {
    const signed = signV4({ method: 'GET', host, path: '/test.txt', headers: { Range: 'bytes=0-9' }, payloadHash: EMPTY_PAYLOAD_HASH, date }, credentials);
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('signs PUT Object (an encoded key and a body hash) exactly as AWS documents', () => {
    const body = 'Welcome to Amazon S3.';
    expect(sha256Hex(body)).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signV4(
      {
        method: 'PUT',
        host,
        path: '/test$file.text',
        headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadHash: sha256Hex(body),
        date,
      },
      credentials,
    );
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('signs a listing with sorted query parameters exactly as AWS documents', () => {
    const signed = signV4({ method: 'GET', host, path: '/', query: [['prefix', 'J'], ['max-keys', '2']], payloadHash: EMPTY_PAYLOAD_HASH, date }, credentials);
    expect(signed.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });

  it('encodes per RFC 3986, keeping slashes in paths', () => {
    expect(uriEncode('diamond/NOV26 0001+x.webp', true)).toBe('diamond/NOV26%200001%2Bx.webp');
    expect(uriEncode('a/b~c')).toBe('a%2Fb~c');
  });
});
