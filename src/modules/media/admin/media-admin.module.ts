import { Module } from '@nestjs/common';

/** Studio's Media Manager: the subject's videos (a react-admin list), attaching one to a topic, uploads. */
@Module({})
export class MediaAdminModule {}
