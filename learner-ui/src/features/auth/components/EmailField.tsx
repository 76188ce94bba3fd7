import TextField from '@mui/material/TextField';

interface EmailFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: boolean;
  /** Marks the input as required for the browser's own form validation. */
  required?: boolean;
  autoFocus?: boolean;
}

/** The "Email" field every account form uses. */
export function EmailField({ id, value, onChange, error, required = false, autoFocus }: EmailFieldProps) {
  return (
    <TextField
      id={id}
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      slotProps={required ? { htmlInput: { required: true } } : undefined}
      fullWidth
      autoFocus={autoFocus}
    />
  );
}

/** Trims the address; when it is empty, shows "Please enter your email address." and returns null. */
export function requireEmail(email: string, setError: (message: string | null) => void): string | null {
  const address = email.trim();
  setError(address ? null : 'Please enter your email address.');
  return address || null;
}
