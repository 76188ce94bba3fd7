import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { errorMessage } from '../../api';
import { certificateApi, certificatePdfUrl, type MyCertificate } from '../../api/challenges';
import { formatDate } from '../common/dates';
import { LoadError, Loading } from '../challenges/components/PageState';
import { PageTitle } from '../challenges/components/PageTitle';
import { CHALLENGES_PATH, certificatePath } from '../challenges/links';
import { certificateKeys } from './CertificatePage';

export const NO_CERTIFICATES = 'No certificates yet';

/** GET /api/me/certificates: the signed-in learner's own. */
export function useMyCertificates() {
  return useQuery({ queryKey: certificateKeys.mine, queryFn: certificateApi.mine, staleTime: 0 });
}

/** /challenges/certificates: the learner's certificates, each with its page, its PDF and "Add to LinkedIn". */
export function MyCertificatesPage() {
  const certificates = useMyCertificates();

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }}>
      <PageTitle parts={['My certificates']} />
      <Button component={RouterLink} to={CHALLENGES_PATH} size="small" sx={{ mb: 1, ml: -1 }}>
        ← Challenges
      </Button>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
        My certificates
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        Every challenge you completed, with a page anyone can verify and a PDF you can print.
      </Typography>

      {certificates.isPending ? (
        <Loading label="Loading certificates" />
      ) : certificates.isError ? (
        <LoadError
          message={errorMessage(certificates.error, 'Could not load your certificates.')}
          onRetry={() => void certificates.refetch()}
        />
      ) : certificates.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <WorkspacePremiumIcon color="disabled" aria-hidden sx={{ fontSize: 48 }} />
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mt: 1 }}>
            {NO_CERTIFICATES}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
            Pass every day of a challenge to earn its certificate.
          </Typography>
          <Button component={RouterLink} to={CHALLENGES_PATH} variant="contained">
            Browse challenges
          </Button>
        </Paper>
      ) : (
        <Stack component="ul" aria-label="My certificates" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {certificates.data.map((c) => (
            <CertificateItem key={c.id} certificate={c} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function CertificateItem({ certificate: c }: { certificate: MyCertificate }) {
  const headingId = `certificate-${c.id}`;
  return (
    <Paper component="li" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={certificatePath(c.id)} underline="hover">
            {c.challengeName}
          </Link>
        </Typography>
        {c.revoked && (
          <Chip label="Revoked" color="error" size="small" sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }} />
        )}
      </Stack>
      <Typography color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {c.subjectTitle} · {c.days} {c.days === 1 ? 'day' : 'days'} · Issued {formatDate(c.issuedAt)}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        Awarded to {c.learnerName}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        <Button
          component={RouterLink}
          to={certificatePath(c.id)}
          variant="contained"
          size="small"
          aria-label={`View certificate: ${c.challengeName}`}
        >
          View certificate
        </Button>
        <Button
          component="a"
          href={certificatePdfUrl(c.id)}
          download={`certificate-${c.id}.pdf`}
          variant="outlined"
          size="small"
          startIcon={<PictureAsPdfIcon aria-hidden />}
          aria-label={`Download PDF: ${c.challengeName}`}
        >
          Download PDF
        </Button>
        {!c.revoked && (
          <Button
            component="a"
            href={c.links.linkedIn}
            target="_blank"
            rel="noopener noreferrer"
            variant="outlined"
            size="small"
            startIcon={<LinkedInIcon aria-hidden />}
            aria-label={`Add to LinkedIn: ${c.challengeName}`}
          >
            Add to LinkedIn
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
