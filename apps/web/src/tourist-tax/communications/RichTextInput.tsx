import { useEffect, useRef, type ReactElement } from 'react';
import { Box, Divider, FormHelperText, IconButton, InputLabel, Paper, Tooltip } from '@mui/material';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import TitleIcon from '@mui/icons-material/Title';
import LinkIcon from '@mui/icons-material/Link';
import FormatClearIcon from '@mui/icons-material/FormatClear';
import { InputHelperText, useInput, useTranslate, type Validator } from 'react-admin';

/*
 * A small rich-text editor: a contentEditable area with a toolbar for the formatting the server
 * keeps (bold, italic, underline, lists, headings, links). The server sanitises the HTML; the
 * editor only has to produce it. document.execCommand is deprecated but still the one browser
 * primitive for this without an editor library.
 */

/** The text a person reads, without tags (empty means the message is empty). */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .trim();
}

export const requiredRichText: Validator = (value: unknown) => (typeof value === 'string' && htmlToPlainText(value) !== '' ? undefined : 'validation.required');

type TCommand = { command: string; value?: string; icon: ReactElement; label: string };

export function RichTextInput({ source, label, validate }: { source: string; label: string; validate?: Validator | Validator[] }) {
  const translate = useTranslate();
  const editor = useRef<HTMLDivElement>(null);
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const value = typeof field.value === 'string' ? field.value : '';

  // Write the value into the editor only when it came from outside (initial value, form reset):
  // rewriting it while typing would move the caret.
  useEffect(() => {
    const element = editor.current;
    if (element && element.innerHTML !== value && document.activeElement !== element) element.innerHTML = value;
  }, [value]);

  const emit = () => field.onChange(editor.current?.innerHTML ?? '');
  const run = (command: string, commandValue?: string) => {
    editor.current?.focus();
    document.execCommand(command, false, commandValue);
    emit();
  };
  const commands: TCommand[] = [
    { command: 'bold', icon: <FormatBoldIcon fontSize="small" />, label: 'filings.editor.bold' },
    { command: 'italic', icon: <FormatItalicIcon fontSize="small" />, label: 'filings.editor.italic' },
    { command: 'underline', icon: <FormatUnderlinedIcon fontSize="small" />, label: 'filings.editor.underline' },
    { command: 'formatBlock', value: 'h3', icon: <TitleIcon fontSize="small" />, label: 'filings.editor.heading' },
    { command: 'insertUnorderedList', icon: <FormatListBulletedIcon fontSize="small" />, label: 'filings.editor.bulletList' },
    { command: 'insertOrderedList', icon: <FormatListNumberedIcon fontSize="small" />, label: 'filings.editor.numberedList' },
  ];
  const error = fieldState.invalid && (fieldState.isTouched || fieldState.error) ? fieldState.error?.message : undefined;
  const labelId = `${source}-label`;

  return (
    <Box sx={{ width: '100%', maxWidth: 960, mb: 2 }}>
      <InputLabel id={labelId} required={isRequired} error={!!error} sx={{ mb: 0.5 }}>
        {translate(label)}
      </InputLabel>
      <Paper variant="outlined" sx={{ borderColor: error ? 'error.main' : undefined }}>
        <Box role="toolbar" aria-label={translate('filings.editor.toolbar')} sx={{ display: 'flex', flexWrap: 'wrap', p: 0.5, gap: 0.25 }}>
          {commands.map((item) => (
            <Tooltip key={item.label} title={translate(item.label)}>
              <IconButton size="small" aria-label={translate(item.label)} onMouseDown={(event) => event.preventDefault()} onClick={() => run(item.command, item.value)}>
                {item.icon}
              </IconButton>
            </Tooltip>
          ))}
          <Tooltip title={translate('filings.editor.link')}>
            <IconButton
              size="small"
              aria-label={translate('filings.editor.link')}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                const url = window.prompt(translate('filings.editor.linkPrompt'), 'https://');
                if (url && /^(https?:|mailto:)/i.test(url.trim())) run('createLink', url.trim());
              }}
            >
              <LinkIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={translate('filings.editor.clear')}>
            <IconButton size="small" aria-label={translate('filings.editor.clear')} onMouseDown={(event) => event.preventDefault()} onClick={() => run('removeFormat')}>
              <FormatClearIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
        <Divider />
        <Box
          ref={editor}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-invalid={!!error}
          data-testid="rich-text-editor"
          onInput={emit}
          onBlur={() => {
            emit();
            field.onBlur();
          }}
          sx={{
            minHeight: 180,
            p: 1.5,
            outline: 'none',
            typography: 'body1',
            '&:focus': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
            '& h3': { typography: 'h6', m: 0, mb: 1 },
            '& p': { m: 0, mb: 1 },
          }}
        />
      </Paper>
      <FormHelperText error={!!error}>
        <InputHelperText error={error} helperText="filings.editor.help" />
      </FormHelperText>
    </Box>
  );
}
