export { api, apiRequest, configureApiClient, resetApiClient, isAuthPage, isUnauthorizedExempt } from './client';
export type { RequestOptions, ClientHooks } from './client';
export { ApiError, errorMessage, isApiError } from './errors';
export { accessToken } from './token';
export { authApi, isRole, profileApi, ROLES } from './auth';
export type {
  Session,
  SessionUser,
  Role,
  MessageResponse,
  SignIn,
  PendingCheckout,
  Profile,
  RegisterBody,
} from './auth';
export { subjectsApi, entitlementsApi } from './subjects';
export type { Subject, Entitlement } from './subjects';
export { catalogApi, checkoutApi, previewApi } from './catalog';
export type {
  Price,
  Purchase,
  CheckoutVerification,
  DevCheckoutSession,
  CheckoutRedirect,
  CoursePreview,
  PreviewModule,
} from './catalog';
export { masteryApi } from './mastery';
export type { MasteryMap, MasteryDetail, SkillMastery, ReadyTopic } from './mastery';
export {
  graphApi,
  withMastery,
  toGraph,
  topicCardOf,
  notesApi,
  bookmarksApi,
  tutorApi,
  meApi,
  noteText,
  TUTOR_ACTIONS,
} from './graph';
export type {
  Graph,
  GraphNode,
  GraphMastery,
  TopicNode,
  TopicLecture,
  Note,
  CreateNoteInput,
  Bookmark,
  TutorAction,
  TutorVariant,
  MyAchievement,
} from './graph';
export { learningApi } from './learning';
export type {
  CheckAnswered,
  CheckItem,
  CheckProgress,
  CheckAnswerResult,
  CheckAnswerInput,
  LearningPath,
  PathTopic,
  PathModule,
  PathNext,
  OpenAttempt,
  PracticeInterval,
  PracticeAnswerResult,
  PracticeAnswerInput,
} from './learning';
export { quizApi, practiceApi, QUIZ_IDS, PRACTICE_RATINGS } from './assessment';
export type {
  QuizPageKind,
  QuizId,
  QuizQuestion,
  QuizAttempt,
  QuizResponse,
  QuizResult,
  QuizStep,
  QuizProgress,
  QuizTopicResult,
  QuizGating,
  GradedQuestion,
  NextStepType,
  PracticeRating,
  PracticeCard,
  PracticeReviewInput,
  PracticeReviewResult,
  PracticeStats,
} from './assessment';
