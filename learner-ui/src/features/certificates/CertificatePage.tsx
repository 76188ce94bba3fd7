import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { errorMessage, isApiError } from '../../api';
import { certificateApi, certificateCredentialUrl, type PublicCertificate } from '../../api/challenges';
import { formatDate } from '../common/dates';
import { LoadError, Loading, NotFoundPanel } from '../challenges/components/PageState';
import { PageTitle } from '../challenges/components/PageTitle';

export const certificateKeys = {
  one: (id: string) => ['certificate', id] as const,
};

/** GET /api/certificates/{id}: public, no sign-in. */
export function useCertificate(id: string) {
  return useQuery({
    queryKey: certificateKeys.one(id),
    queryFn: () => certificateApi.get(id),
    enabled: !!id,
    staleTime: 0,
  });
}

export type CertificateState = 'valid' | 'invalid-signature' | 'revoked';

/** What the verification says, worst first: revoked, then a signature that does not verify. */
export function certificateStates(verification: PublicCertificate['verification']): CertificateState[] {
  const states: CertificateState[] = [];
  if (verification.revoked) states.push('revoked');
  if (!verification.signatureValid) states.push('invalid-signature');
  return states.length ? states : ['valid'];
}

/** /certificates/{id}: anyone can check a certificate: what it certifies, whether it verifies, whether it was revoked. */
export function CertificatePage() {
  const { id = '' } = useParams();
  const certificate = useCertificate(id);

  if (certificate.isPending) return <Loading label="Loading certificate" />;
  if (certificate.isError) {
    if (isApiError(certificate.error) && certificate.error.status === 404) {
      return (
        <NotFoundPanel title="Certificate not found">
          <PageTitle parts={['Certificate not found']} />
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Check the link: certificate addresses are long and must be copied in full.
          </Typography>
          <Button component={RouterLink} to="/" variant="contained">
            Return to Home
          </Button>
        </NotFoundPanel>
      );
    }
    return (
      <Box sx={{ maxWidth: 760, mx: 'auto' }}>
        <PageTitle parts={['Certificate']} />
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800, mb: 2 }}>
          Certificate
        </Typography>
        <LoadError
          message={errorMessage(certificate.error, 'Could not load the certificate.')}
          onRetry={() => void certificate.refetch()}
        />
      </Box>
    );
  }
  return <CertificateView certificate={certificate.data} />;
}

function CertificateView({ certificate }: { certificate: PublicCertificate }) {
  const { snapshot, verification } = certificate;
  const states = certificateStates(verification);

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <PageTitle parts={[`Certificate · ${snapshot.challengeName}`]} />
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <WorkspacePremiumIcon color="primary" aria-hidden sx={{ fontSize: 40 }} />
          <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.6 }}>
            Certificate of completion
          </Typography>
        </Stack>
        <Typography
          component="h1"
          variant="h4"
          sx={{ fontWeight: 800, letterSpacing: '-0.02em', overflowWrap: 'anywhere' }}
        >
          {snapshot.challengeName}
        </Typography>
        <Typography sx={{ mt: 1, mb: 3, overflowWrap: 'anywhere' }}>
          Awarded to <strong>{snapshot.learnerName}</strong>
        </Typography>

        <Stack spacing={1.5} sx={{ mb: 3 }} data-testid="certificate-status">
          {states.map((state) => (
            <StatusAlert key={state} state={state} verification={verification} />
          ))}
        </Stack>

        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 3,
            rowGap: { xs: 0.25, sm: 1.25 },
            m: 0,
            '& dt': { color: 'text.secondary', fontWeight: 600, mt: { xs: 1, sm: 0 } },
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          <Field label="Learner">{snapshot.learnerName}</Field>
          <Field label="Challenge">{snapshot.challengeName}</Field>
          <Field label="Course">{snapshot.subjectTitle}</Field>
          <Field label="Days completed">{snapshot.days}</Field>
          <Field label="Issued">{formatDate(snapshot.issuedAt)}</Field>
          <Field label="Content version">{String(snapshot.contentVersion)}</Field>
          <Field label="Certificate ID">
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {certificate.id}
            </Box>
          </Field>
        </Box>

        <Box sx={{ mt: 3 }}>
          <Button
            component="a"
            href={certificateCredentialUrl(certificate.id)}
            download={`certificate-${certificate.id}.jwt`}
            variant="contained"
            startIcon={<DownloadIcon />}
          >
            Download credential
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            An Open Badges 3.0 credential signed by the issuer (a VC-JWT), which anyone can verify with the issuer's
            public key.
          </Typography>
        </Box>
      </Paper>
    </Box>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt">{label}</Typography>
      <Typography component="dd">{children}</Typography>
    </>
  );
}

function StatusAlert({
  state,
  verification,
}: {
  state: CertificateState;
  verification: PublicCertificate['verification'];
}) {
  if (state === 'valid') {
    return (
      <Alert severity="success" variant="outlined">
        <AlertTitle sx={{ mb: 0 }}>Valid</AlertTitle>
        The issuer's signature verifies and the certificate has not been revoked.
      </Alert>
    );
  }
  if (state === 'invalid-signature') {
    return (
      <Alert severity="error" variant="outlined">
        <AlertTitle sx={{ mb: 0 }}>Signature does not verify</AlertTitle>
        This credential was not signed by the issuer or was changed after issue. Do not rely on it.
      </Alert>
    );
  }
  const on = formatDate(verification.revokedAt);
  const reason = verification.reason ? ` (${verification.reason})` : '';
  return (
    <Alert severity="error" variant="outlined">
      <AlertTitle sx={{ mb: 0 }}>{`Revoked${on ? ` on ${on}` : ''}${reason}`}</AlertTitle>
      The issuer has withdrawn this certificate.
    </Alert>
  );
}
