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
 * certificate then its chain) and SEAL_KEY_PATH (PKCS#8 PEM, unencrypted, readable by the API only);
 * or SEAL_P12_PATH, a PKCS#12 file with its SEAL_P12_PASSWORD (read with pkijs: the key, and the
 * certificate that key belongs to first, then the others of the file).
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

const BAG = { key: '1.2.840.113549.1.12.10.1.1', shroudedKey: '1.2.840.113549.1.12.10.1.2', certificate: '1.2.840.113549.1.12.10.1.3' };

/** Whether `privateKey` is the key of `certificate`: a probe signed with it checks with the certificate's public key. */
async function keyFits(certificate: pkijs.Certificate, privateKey: CryptoKey): Promise<boolean> {
  const probe = new Uint8Array([1, 2, 3]);
  const algorithm = privateKey.algorithm.name === 'ECDSA' ? { name: 'ECDSA', hash: 'SHA-256' } : { name: privateKey.algorithm.name };
  const signature = await webcrypto.subtle.sign(algorithm, privateKey, probe);
  const spki = certificate.subjectPublicKeyInfo.toSchema().toBER(false);
  const publicKey = await webcrypto.subtle.importKey('spki', spki, keyAlgorithmOf(certificate), false, ['verify']);
  return webcrypto.subtle.verify(algorithm, publicKey, signature, probe);
}

/**
 * The key and certificates of a PKCS#12 file, as PEM: the file's integrity (MAC) checked with the
 * password, its encrypted parts decrypted, the certificate of the key first.
 */
export async function readPkcs12(der: Uint8Array<ArrayBuffer>, passwordText: string): Promise<{ certificatesPem: string; privateKeyPem: string }> {
  const password = new TextEncoder().encode(passwordText).buffer;
  const pfx = pkijs.PFX.fromBER(der);
  await pfx.parseInternalValues({ password, checkIntegrity: true });
  const safe = pfx.parsedValue?.authenticatedSafe;
  if (!safe) throw new Error('the PKCS#12 file holds nothing');
  await safe.parseInternalValues({ safeContents: safe.safeContents.map(() => ({ password })) });
  const certificates: pkijs.Certificate[] = [];
  const keys: pkijs.PrivateKeyInfo[] = [];
  // pkijs leaves the parsed AuthenticatedSafe untyped: SafeContents, one per ContentInfo.
  const parsed = safe.parsedValue as { safeContents?: { value: pkijs.SafeContents }[] } | undefined;
  for (const contents of parsed?.safeContents ?? []) {
    for (const bag of contents.value.safeBags) {
      if (bag.bagId === BAG.certificate && bag.bagValue instanceof pkijs.CertBag && bag.bagValue.parsedValue instanceof pkijs.Certificate) certificates.push(bag.bagValue.parsedValue);
      else if (bag.bagId === BAG.key && bag.bagValue instanceof pkijs.PrivateKeyInfo) keys.push(bag.bagValue);
      else if (bag.bagId === BAG.shroudedKey && bag.bagValue instanceof pkijs.PKCS8ShroudedKeyBag) {
        const shrouded: pkijs.PKCS8ShroudedKeyBag = bag.bagValue;
        // pkijs declares the bag's decryption protected, yet it is the only way to it (PFX parsing leaves shrouded keys encrypted).
        await (shrouded as unknown as { parseInternalValues(parameters: { password: ArrayBuffer }): Promise<void> }).parseInternalValues({ password });
        if (shrouded.parsedValue) keys.push(shrouded.parsedValue);
      }
    }
  }
  if (keys.length !== 1) throw new Error(`the PKCS#12 file must hold one private key (it holds ${keys.length})`);
  const pkcs8 = keys[0].toSchema().toBER(false);
  for (const [index, certificate] of certificates.entries()) {
    const privateKey = await webcrypto.subtle.importKey('pkcs8', pkcs8, keyAlgorithmOf(certificate), false, ['sign']).catch(() => null);
    if (privateKey && (await keyFits(certificate, privateKey))) {
      const ordered = [certificate, ...certificates.filter((_, i) => i !== index)];
      return { certificatesPem: ordered.map((c) => toPem('CERTIFICATE', c.toSchema().toBER(false))).join(''), privateKeyPem: toPem('PRIVATE KEY', pkcs8) };
    }
  }
  throw new Error('no certificate of the PKCS#12 file belongs to its private key');
}

let inMemory: Promise<{ certificatePem: string; privateKeyPem: string }> | undefined;

/** Reads (or makes, in demo) the seal key and checks that key and certificate work together. */
export async function loadInstallationSeal(config: TConfig): Promise<TSealKey> {
  let certificatesPem: string;
  let privateKeyPem: string;
  const where = config.sealP12 ? config.sealP12.path : config.seal ? `${config.seal.certPath} / ${config.seal.keyPath}` : path.join(config.dataDir, DEMO_FILE);
  if (config.sealP12) {
    let der: Uint8Array<ArrayBuffer>;
    try {
      der = new Uint8Array(fs.readFileSync(config.sealP12.path));
    } catch (error) {
      throw new ConfigError(`Invalid configuration:\n  SEAL_P12_PATH: cannot read ${config.sealP12.path} (${errorCodeOf(error) ?? String(error)})`);
    }
    try {
      ({ certificatesPem, privateKeyPem } = await readPkcs12(der, config.sealP12.password));
    } catch (error) {
      // A wrong password shows as a failed integrity check or decryption.
      throw new ConfigError(`Invalid seal (${where}): cannot read the PKCS#12 file with SEAL_P12_PASSWORD (${error instanceof Error ? error.message : String(error)})`);
    }
  } else if (config.seal) {
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
    if (!(await keyFits(certificates[0], privateKey))) throw new Error('the private key is not the certificate’s');
  } catch (error) {
    throw new ConfigError(`Invalid seal (${where}): ${error instanceof Error ? error.message : String(error)}`);
  }
  return key;
}
