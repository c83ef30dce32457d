import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from '../../../ui/Brand';
import classes from './AuthPageShell.module.css';

interface AuthPageShellProps {
  title: string;
  subtitle: string;
  /** The start-side panel (the product pitch); hidden on narrow windows. */
  aside?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Top corner of the form side: the language choice (the login screen offers it before sign-in). */
  corner?: ReactNode;
}

/** Frame of the sign-in pages: a pitch panel beside a centred card. */
export function AuthPageShell({ title, subtitle, aside, children, footer, corner }: AuthPageShellProps) {
  return (
    <Box className={classes.page}>
      {aside && <Box className={classes.aside}>{aside}</Box>}
      <Box className={classes.formSide} component="main">
        {corner && <Box className={classes.corner}>{corner}</Box>}
        <Paper className={classes.card} p="xl" shadow="sm">
          <Stack gap="lg">
            <Brand size="lg" />
            <Stack gap={4}>
              <Title order={1} size="h2">
                {title}
              </Title>
              <Text c="dimmed">{subtitle}</Text>
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer && <Box mt="md">{footer}</Box>}
      </Box>
    </Box>
  );
}
