import { useRef, useState, type DragEvent } from 'react';
import { Box, Chip, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';

/** Extensions accepted per upload purpose. */
export const UPLOAD_FORMATS = {
  pdf: ['pdf'],
  p7m: ['p7m'],
  documents: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'],
  images: ['jpg', 'png', 'gif'],
  imports: ['xls', 'xlsx'],
} as const;

export function hasAcceptedExtension(fileName: string, extensions: readonly string[]): boolean {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  return extensions.includes(extension);
}

/** Drop or pick files; files with another extension are refused with a message. */
export function FilePicker({ extensions, multiple = false, onFiles }: { extensions: readonly string[]; multiple?: boolean; onFiles: (files: File[]) => void }) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [over, setOver] = useState(false);

  const accept = (files: File[]) => {
    const good = files.filter((file) => hasAcceptedExtension(file.name, extensions));
    setRefused(files.filter((file) => !good.includes(file)).map((file) => file.name));
    const chosen = multiple ? good : good.slice(0, 1);
    setPicked(chosen);
    if (chosen.length) onFiles(chosen);
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    accept(Array.from(event.dataTransfer.files));
  };

  return (
    <Box>
      <Box
        role="button"
        tabIndex={0}
        onClick={() => input.current?.click()}
        onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: 3,
          textAlign: 'center',
          cursor: 'pointer',
          bgcolor: over ? 'action.hover' : 'background.paper',
        }}
      >
        <UploadFileIcon color="primary" />
        <Typography>{translate(multiple ? 'ra.input.file.upload_several' : 'ra.input.file.upload_single')}</Typography>
        <Typography variant="caption" color="text.secondary">
          {translate('components.file.accepted', { formats: extensions.join(', ') })}
        </Typography>
        <input
          ref={input}
          hidden
          type="file"
          multiple={multiple}
          accept={extensions.map((extension) => `.${extension}`).join(',')}
          onChange={(event) => accept(Array.from(event.target.files ?? []))}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        {picked.map((file) => (
          <Chip key={file.name} label={`${file.name} (${Math.ceil(file.size / 1024)} KB)`} color="primary" variant="outlined" />
        ))}
        {refused.map((name) => (
          <Chip key={name} label={translate('components.file.refused', { name })} color="error" variant="outlined" />
        ))}
      </Box>
    </Box>
  );
}
