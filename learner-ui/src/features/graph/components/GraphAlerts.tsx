import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { errorMessage, isApiError, type Price } from '../../../api';
import { checkoutStartPath } from '../../catalog/links';
import { formatPrice } from '../../catalog/price';

/** Why the graph is not shown: not bought (403, with Buy Access), unknown subject (404), or a failure. */
export function GraphAlerts({
  error,
  subjectId,
  price,
  onRetry,
}: {
  error: unknown;
  subjectId: string;
  price: Price | undefined;
  onRetry: () => void;
}) {
  if (!error) return null;
  const status = isApiError(error) ? error.status : null;
  if (status === 403) {
    return (
      <Alert
        severity="info"
        sx={{ mb: 3, alignItems: 'center' }}
        action={
          <Button
            component={RouterLink}
            to={checkoutStartPath(subjectId, price?.priceId)}
            variant="contained"
            size="small"
          >
            Buy Access
          </Button>
        }
      >
        <AlertTitle>{price ? 'Full course access' : 'Course locked'}</AlertTitle>
        {price
          ? `Unlock every topic, the AI tutor and the assessments for a one-time ${formatPrice(price.amount, price.currency)}.`
          : errorMessage(error, 'You do not have access to this course. Buy access to continue.')}
      </Alert>
    );
  }
  if (status === 404) {
    return (
      <Alert severity="warning" sx={{ mb: 3 }}>
        {errorMessage(error, 'This subject does not exist.')}
      </Alert>
    );
  }
  return (
    <Alert
      severity="error"
      sx={{ mb: 3 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {errorMessage(error, 'The learning graph could not be loaded.')}
    </Alert>
  );
}
