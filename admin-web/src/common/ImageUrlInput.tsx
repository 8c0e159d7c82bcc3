import { useState } from 'react';
import { TextInput, useDataProvider, useInput, useNotify } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { UploadPurpose } from '../../../server/src/contracts/content.js';
import type { ConsoleDataProvider } from '../dataProvider';

/**
 * An image URL field with an upload button (POST /api/admin/uploads) and a preview of the image. `purpose`
 * tells the server where the image is shown, so it keeps it at that size.
 */
export const ImageUrlInput = ({
  source = 'imageUrl',
  label,
  purpose = 'other',
}: {
  source?: string;
  label?: string;
  purpose?: UploadPurpose;
}) => {
  const { field } = useInput({ source });
  const dp = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      field.onChange(await dp.uploadImage(file, purpose));
    } catch (e) {
      notify((e as Error).message || '업로드에 실패했습니다.', { type: 'error' });
    } finally {
      setUploading(false);
    }
  };
  return (
    <Box sx={{ width: '100%' }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <TextInput source={source} label={label} fullWidth />
        <Button component="label" variant="outlined" disabled={uploading} sx={{ whiteSpace: 'nowrap' }}>
          {uploading ? '업로드 중…' : '이미지 업로드'}
          <input
            hidden
            type="file"
            accept="image/*"
            data-testid="image-upload"
            onChange={(e) => void upload(e.target.files?.[0])}
          />
        </Button>
      </Box>
      {field.value && (
        <Box
          component="img"
          src={field.value}
          alt="미리보기"
          data-testid="image-preview"
          sx={{ maxWidth: 440, maxHeight: 600, border: 1, borderColor: 'divider', mt: 1 }}
        />
      )}
    </Box>
  );
};

/** An image in a list row. */
export const ImagePreview = ({ url }: { url?: string | null }) =>
  url ? <Box component="img" src={url} alt="" sx={{ maxHeight: 80, maxWidth: 160 }} /> : null;
