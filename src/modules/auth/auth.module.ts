import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { ACCESS_TOKEN_VERIFIER } from '../../common/guards/jwt-auth.guard';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { CourseStructureModule } from '../graph/structure/course-structure.module';
import { MailModule } from '../mail/mail.module';
import { AccessTokenService } from './access-token.service';
import { AuthController } from './auth.controller';
import { AuthRepository } from './auth.repository';
import { AuthService } from './auth.service';
import { MeController } from './me.controller';
import { UserDataRepository } from './user-data.repository';
import { UserDataService } from './user-data.service';

@Module({
  imports: [
    MailModule,
    CourseStructureModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ secret: config.auth.jwtSecret, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  controllers: [AuthController, MeController],
  providers: [AuthRepository, AuthService, AccessTokenService, UserDataRepository, UserDataService, { provide: ACCESS_TOKEN_VERIFIER, useExisting: AccessTokenService }],
  exports: [AuthService, UserDataService, ACCESS_TOKEN_VERIFIER],
})
export class AuthModule {}
