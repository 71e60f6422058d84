import type { TSignatureCheck } from '@app/domain/environmental/rdp/rdps';
import type { TVerifiedSignedFile } from '../signed-files/verify-signed-file.ts';

/** What an RDP keeps of a verified signed file: the signers as the certificate names them, the warnings, the inner PDF's hash. */
export function signatureCheckOf(verified: TVerifiedSignedFile, options: { fileName: string; now: Date; identicalToDraft: boolean }): TSignatureCheck {
  return {
    verifiedAt: options.now.toISOString(),
    fileName: options.fileName,
    encoding: verified.encoding,
    nested: verified.nested,
    signers: verified.signers.map((s) => ({
      index: s.index,
      level: s.level,
      name: s.name,
      codiceFiscale: s.codiceFiscale,
      organization: s.organization,
      issuer: s.issuer,
      serialNumber: s.serialNumber,
      notBefore: s.notBefore,
      notAfter: s.notAfter,
      signingTime: s.signingTime,
      signingCertificateV2: s.signingCertificateV2,
      validNow: s.validNow,
      trusted: s.trusted,
    })),
    warnings: verified.warnings,
    innerSha256: verified.contentSha256,
    identicalToDraft: options.identicalToDraft,
  };
}
