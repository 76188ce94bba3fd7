import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.module';
import { MAX_SIGNED_URL_SECONDS, type SignatureCheck, signedMediaPath, verifyMediaSignature } from './media-signing';

/** Signs and checks the media library's expiring URLs with MEDIA_URL_SECRET. */
@Injectable()
export class MediaUrlSigner {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  /** A URL valid for `ttlSeconds`, at most MAX_SIGNED_URL_SECONDS. */
  sign(subjectId: string, fileName: string, userId: string | null, ttlSeconds: number): string {
    const ttl = Math.min(Math.floor(ttlSeconds), MAX_SIGNED_URL_SECONDS);
    const exp = Math.floor(Date.now() / 1000) + (Number.isFinite(ttl) ? ttl : MAX_SIGNED_URL_SECONDS);
    return signedMediaPath(this.config.media.urlSecret, { subjectId, fileName, userId, exp });
  }

  verify(q: { subjectId: string; fileName: string; userId?: string; exp?: string; sig?: string }): SignatureCheck {
    return verifyMediaSignature(this.config.media.urlSecret, q);
  }
}
