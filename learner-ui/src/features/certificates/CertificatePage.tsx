import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import RefreshIcon from '@mui/icons-material/Refresh';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { errorMessage, isApiError } from '../../api';
import {
  certificateApi,
  certificateCredentialUrl,
  certificatePdfUrl,
  type CertificateCheck,
  type PublicCertificate,
} from '../../api/challenges';
import { formatDate } from '../common/dates';
import { LoadError, Loading, NotFoundPanel } from '../challenges/components/PageState';
import { PageTitle } from '../challenges/components/PageTitle';

export const certificateKeys = {
  one: (id: string) => ['certificate', id] as const,
  mine: ['certificates', 'mine'] as const,
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

/** What a check said: the signature verifies and the bit is clear, the bit is set, or it could not be verified. */
export type CertificateState = 'verified' | 'revoked' | 'unverified';

/** The state of the page's own check (made when the certificate was read), worst first. */
export function certificateState(verification: PublicCertificate['verification']): CertificateState {
  if (!verification.signatureValid) return 'unverified';
  return verification.revoked ? 'revoked' : 'verified';
}

function checkState(check: CertificateCheck): CertificateState {
  return check.status === 'verified' ? 'verified' : check.status === 'revoked' ? 'revoked' : 'unverified';
}

/** 'Mar 8, 2026, 14:05': when the check ran, in the reader's zone. */
function formatTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
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
  const { snapshot } = certificate;
  const verifyAgain = useMutation({ mutationFn: () => certificateApi.verify(certificate.id) });
  // the latest answer: the page's own check until "Verify again" answers
  const [checked, setChecked] = useState<{ state: CertificateState; at: string | null; error: string | null }>({
    state: certificateState(certificate.verification),
    at: null,
    error: null,
  });
  const revokedAt = checked.state === 'revoked' ? certificate.verification.revokedAt : null;

  const onVerify = () =>
    verifyAgain.mutate(undefined, {
      onSuccess: (check) => setChecked({ state: checkState(check), at: check.checkedAt, error: null }),
      onError: (err) =>
        setChecked({
          state: 'unverified',
          at: null,
          error: errorMessage(err, 'The check did not reach the issuer. Try again in a moment.'),
        }),
    });

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

        <Box data-testid="certificate-status" sx={{ mb: 3 }}>
          {/* announced when "Verify again" answers; the button stays outside the live region */}
          <Box role="status" aria-live="polite" aria-busy={verifyAgain.isPending}>
            <StatusAlert state={checked.state} revokedAt={revokedAt} error={checked.error} />
            {checked.at && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Checked {formatTime(checked.at)}
              </Typography>
            )}
          </Box>
          <Button
            variant="outlined"
            startIcon={<RefreshIcon aria-hidden />}
            onClick={onVerify}
            disabled={verifyAgain.isPending}
            sx={{ mt: 1.5, width: { xs: '100%', sm: 'auto' } }}
          >
            {verifyAgain.isPending ? 'Verifying…' : 'Verify again'}
          </Button>
        </Box>

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
          <Field label="Issuer">{certificate.issuerName}</Field>
          <Field label="Certificate ID">
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {certificate.id}
            </Box>
          </Field>
        </Box>

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
          <Button
            component="a"
            href={certificatePdfUrl(certificate.id)}
            download={`certificate-${certificate.id}.pdf`}
            variant="contained"
            startIcon={<PictureAsPdfIcon aria-hidden />}
          >
            Download PDF
          </Button>
          <Button
            component="a"
            href={certificate.links.linkedIn}
            target="_blank"
            rel="noopener noreferrer"
            variant="outlined"
            startIcon={<LinkedInIcon aria-hidden />}
          >
            Add to LinkedIn
          </Button>
          <Button
            component="a"
            href={certificateCredentialUrl(certificate.id)}
            download={`certificate-${certificate.id}.jwt`}
            variant="outlined"
            startIcon={<DownloadIcon aria-hidden />}
          >
            Download credential (Open Badges 3.0)
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          The credential is an Open Badges 3.0 credential signed by the issuer (a VC-JWT): anyone can verify it with the
          issuer&apos;s public key.
        </Typography>
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
  revokedAt,
  error,
}: {
  state: CertificateState;
  revokedAt: string | null;
  error: string | null;
}) {
  if (state === 'verified') {
    return (
      <Alert severity="success" variant="outlined">
        <AlertTitle sx={{ mb: 0 }}>Verified</AlertTitle>
        The issuer&apos;s signature verifies and the certificate has not been revoked.
      </Alert>
    );
  }
  if (state === 'revoked') {
    const on = formatDate(revokedAt);
    return (
      <Alert severity="error" variant="outlined">
        <AlertTitle sx={{ mb: 0 }}>Revoked</AlertTitle>
        {on ? `The issuer withdrew this certificate on ${on}.` : 'The issuer withdrew this certificate.'} Do not rely on
        it.
      </Alert>
    );
  }
  return (
    <Alert severity="warning" variant="outlined">
      <AlertTitle sx={{ mb: 0 }}>Could not verify</AlertTitle>
      {error ??
        "The issuer's signature does not verify: this credential was changed or not issued here. Do not rely on it."}
    </Alert>
  );
}
