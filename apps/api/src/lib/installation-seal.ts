import { webcrypto } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { ConfigError, type TConfig } from '../config.ts';
import { errorCodeOf } from './guards.ts';
import { importSealPrivateKey, keyAlgorithmOf, parseCertificates, pemBlocks, toPem, type TSealKey } from './pdf-seal.ts';

/**
 * Where the installation's seal key comes from. Configured: SEAL_CERT_PATH (PEM, the sealing
 * certificate then its chain) and SEAL_KEY_PATH (PKCS#8 PEM, unencrypted, readable by the API only).
 * Not configured: a self-signed certificate generated at first start and kept in the data folder
 * (`installation-seal.pem`, key and certificate, owner-only), reused after restarts; under
 * NODE_ENV=test it stays in memory.
 */

const DEMO_FILE = 'installation-seal.pem';

/** The seal's common name when the installation makes its own certificate. */
const commonNameOf = (publicUrl: string) => `Sigillo dell'installazione ${new URL(publicUrl).host}`;

function commonName(certificate: pkijs.Certificate): string {
  const cn = certificate.subject.typesAndValues.find((t) => t.type === '2.5.4.3');
  return cn ? String(cn.value.valueBlock.value) : 'Sigillo dell’installazione';
}

async function selfSigned(name: string): Promise<{ certificatePem: string; privateKeyPem: string }> {
  const algorithm = { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' };
  const keys = await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({ valueHex: webcrypto.getRandomValues(new Uint8Array(16)).map((b, i) => (i === 0 ? b & 0x7f : b)) });
  for (const names of [certificate.issuer, certificate.subject]) {
    names.typesAndValues.push(new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: name }) }));
  }
  const now = new Date();
  certificate.notBefore.value = new Date(now.getTime() - 24 * 3600_000);
  certificate.notAfter.value = new Date(Date.UTC(now.getUTCFullYear() + 20, now.getUTCMonth(), now.getUTCDate()));
  // A document-signing key: digitalSignature and nonRepudiation (contentCommitment).
  const keyUsage = new asn1js.BitString({ valueHex: new Uint8Array([0xc0]).buffer, unusedBits: 6 });
  certificate.extensions = [new pkijs.Extension({ extnID: '2.5.29.15', critical: true, extnValue: keyUsage.toBER(false), parsedValue: keyUsage })];
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey);
  await certificate.sign(keys.privateKey, 'SHA-256');
  return {
    certificatePem: toPem('CERTIFICATE', certificate.toSchema().toBER(false)),
    privateKeyPem: toPem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)),
  };
}

/** The demo seal of the data folder: written once (owner-only), read on every later start. */
async function demoSealPem(config: TConfig, name: string): Promise<string> {
  const file = path.join(config.dataDir, DEMO_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  const made = await selfSigned(name);
  const pem = `${made.privateKeyPem}${made.certificatePem}`;
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
    return pem;
  } catch (error) {
    // Another process starting on the same folder wrote it first: use theirs.
    if (errorCodeOf(error) === 'EEXIST') return fs.readFileSync(file, 'utf8');
    throw error;
  }
}

let inMemory: Promise<{ certificatePem: string; privateKeyPem: string }> | undefined;

/** Reads (or makes, in demo) the seal key and checks that key and certificate work together. */
export async function loadInstallationSeal(config: TConfig): Promise<TSealKey> {
  let certificatesPem: string;
  let privateKeyPem: string;
  const where = config.seal ? `${config.seal.certPath} / ${config.seal.keyPath}` : path.join(config.dataDir, DEMO_FILE);
  if (config.seal) {
    const read = (file: string, variable: string) => {
      try {
        return fs.readFileSync(file, 'utf8');
      } catch (error) {
        throw new ConfigError(`Invalid configuration:\n  ${variable}: cannot read ${file} (${errorCodeOf(error) ?? String(error)})`);
      }
    };
    certificatesPem = read(config.seal.certPath, 'SEAL_CERT_PATH');
    privateKeyPem = read(config.seal.keyPath, 'SEAL_KEY_PATH');
  } else if (config.env === 'test') {
    ({ certificatePem: certificatesPem, privateKeyPem } = await (inMemory ??= selfSigned(commonNameOf(config.publicUrl))));
  } else {
    const pem = await demoSealPem(config, commonNameOf(config.publicUrl));
    certificatesPem = pem;
    privateKeyPem = pem;
  }
  // Only the blocks themselves travel to the worker.
  certificatesPem = pemBlocks(certificatesPem, 'CERTIFICATE')
    .map((der) => toPem('CERTIFICATE', der))
    .join('');
  privateKeyPem = pemBlocks(privateKeyPem, 'PRIVATE KEY')
    .map((der) => toPem('PRIVATE KEY', der))
    .join('');
  const certificates = parseCertificates(certificatesPem);
  if (certificates.length === 0) throw new ConfigError(`Invalid seal: no certificate in ${where}`);
  const key: TSealKey = { certificatesPem, privateKeyPem, name: commonName(certificates[0]), location: new URL(config.publicUrl).host };
  try {
    const { privateKey } = await importSealPrivateKey(key);
    // The key must be the certificate's: sign a probe and check it with the certificate's public key.
    const probe = new Uint8Array([1, 2, 3]);
    const algorithm = privateKey.algorithm.name === 'ECDSA' ? { name: 'ECDSA', hash: 'SHA-256' } : { name: privateKey.algorithm.name };
    const signature = await webcrypto.subtle.sign(algorithm, privateKey, probe);
    const spki = certificates[0].subjectPublicKeyInfo.toSchema().toBER(false);
    const publicKey = await webcrypto.subtle.importKey('spki', spki, keyAlgorithmOf(certificates[0]), false, ['verify']);
    if (!(await webcrypto.subtle.verify(algorithm, publicKey, signature, probe))) throw new Error('the private key is not the certificate’s');
  } catch (error) {
    throw new ConfigError(`Invalid seal (${where}): ${error instanceof Error ? error.message : String(error)}`);
  }
  return key;
}
