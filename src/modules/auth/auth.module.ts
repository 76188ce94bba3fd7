import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { MailModule } from '../mail/mail.module';
import { AccessTokenService } from './access-token.service';
import { AdminUsersModule } from './admin-users/admin-users.module';
import { AuthController } from './auth.controller';
import { AuthRepository } from './auth.repository';
import { AuthService } from './auth.service';
import { JwtStrategy } from './jwt.strategy';
import { LoginDelay } from './login-delay';
import { MeController } from './me.controller';
import { UserDataModule } from './user-data/user-data.module';
import { UserStatsRepository } from './user-stats.repository';
import { UserStatsService } from './user-stats.service';

@Module({
  imports: [
    MailModule,
    PassportModule,
    UserDataModule,
    AdminUsersModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ secret: config.auth.jwtSecret, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  controllers: [AuthController, MeController],
  providers: [
    AuthRepository,
    AuthService,
    AccessTokenService,
    LoginDelay,
    JwtStrategy,
    UserStatsRepository,
    UserStatsService,
  ],
  exports: [AuthService, UserStatsService],
})
export class AuthModule {}
