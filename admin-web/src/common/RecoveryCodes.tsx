import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';

/** Copy to the clipboard, or save as recovery-codes.txt: codes are kept somewhere safe, not retyped. */
const KeepCodes = ({ codes }: { codes: string[] }) => {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 1 }} flexWrap="wrap" useFlexGap>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
      >
        {copied ? '복사했습니다' : '복사'}
      </Button>
      <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
        파일로 저장
      </Button>
    </Stack>
  );
};

/** The 10 recovery codes, shown once after an enrolment or a new issue. */
export const RecoveryCodes = ({ codes }: { codes: string[] }) => (
  <Alert severity="warning" sx={{ mt: 2 }} data-testid="recovery-codes">
    복구 코드는 지금 한 번만 보여 드립니다. 휴대폰을 잃어버렸을 때 코드 대신 한 번씩 쓸 수 있으니 안전한 곳에 적어
    두세요.
    <Box
      component="ol"
      sx={{ fontFamily: 'monospace', columns: 2, columnGap: 2, pl: 3, mt: 1, mb: 0, overflowWrap: 'anywhere' }}
    >
      {codes.map((code) => (
        <li key={code}>{code}</li>
      ))}
    </Box>
    <KeepCodes codes={codes} />
  </Alert>
);

/** The QR for the authenticator app, and the secret for typing it in by hand. */
export const EnrolmentCard = ({ qrDataUrl, secret }: { qrDataUrl: string; secret: string }) => (
  <Box sx={{ textAlign: 'center', my: 1 }}>
    <Box
      component="img"
      src={qrDataUrl}
      alt="인증 앱 등록 QR 코드"
      data-testid="totp-qr"
      sx={{ width: 200, maxWidth: '100%', height: 'auto' }}
    />
    <Box sx={{ fontSize: 13, color: 'text.secondary' }}>QR을 찍을 수 없으면 이 키를 직접 입력하세요.</Box>
    <Box component="code" data-testid="totp-secret" sx={{ display: 'block', overflowWrap: 'anywhere', fontSize: 14 }}>
      {secret}
    </Box>
  </Box>
);
