import { Injectable } from '@nestjs/common';
import { CertificatesRepository } from './certificates.repository';
import { statusListCredential } from './credential';
import { CredentialSigner } from './credential-signer';
import { bitAt, buildBitstring, decodeEncodedList, encodeBitstring } from './status-list';

/**
 * The revocation status list (`GET /api/credentials/status/1`), made from the database on each call so
 * every API process serves the same list. Our own verification reads a certificate's bit from the very
 * `encodedList` served to everyone else (decoded again), not from a shortcut beside it.
 */
@Injectable()
export class StatusListService {
  constructor(
    private readonly repo: CertificatesRepository,
    private readonly signer: CredentialSigner,
  ) {}

  async encodedList(): Promise<string> {
    const { highestIndex, revoked } = await this.repo.statusBits();
    return encodeBitstring(buildBitstring(revoked, highestIndex));
  }

  /** The signed BitstringStatusListCredential, a VC-JWT. */
  async credentialJwt(now = new Date()): Promise<string> {
    return this.signer.sign(statusListCredential(this.signer.urls, await this.encodedList(), now.toISOString()));
  }

  /** Whether the status list has this index's bit set (revoked). */
  async isSet(index: number): Promise<boolean> {
    return bitAt(decodeEncodedList(await this.encodedList()), index);
  }
}
