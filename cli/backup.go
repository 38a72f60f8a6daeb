package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/gardenctl/garden/core/app"
)

// backupCommand writes and restores whole-installation archives.
func (e *env) backupCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "backup",
		Short: "Back up the database and blobs to one archive, or restore one",
		Long: `backup create writes one archive (tar + gzip) of every table, read in one transaction while
serve goes on, and every blob. backup restore puts an archive into a new, empty installation of
either database (SQLite or PostgreSQL) and either blob store (folder or S3/MinIO): a blank
database (the restore migrates it) or one just migrated; serve only after the restore. A restore
that stopped is finished with backup restore FILE --resume or redone with --force; until then
serve refuses to start.`,
	}
	var out string
	create := &cobra.Command{
		Use:   "create",
		Short: "Write an archive of the database and the blobs",
		Args:  cobra.NoArgs,
		RunE: e.withRuntime(func(cmd *cobra.Command, _ []string, rt *Runtime) error {
			if out == "-" {
				_, err := rt.Backups.Create(cmd.Context(), e.out, app.BackupOptions{})
				return err
			}
			if out == "" {
				out = app.BackupName(time.Now())
			}
			// Written beside the target and renamed at the end, so a failed backup never
			// leaves a half archive under the final name.
			f, err := os.CreateTemp(filepath.Dir(out), ".garden-backup-*.tmp")
			if err != nil {
				return fmt.Errorf("backup: %w", err)
			}
			defer os.Remove(f.Name())
			m, err := rt.Backups.Create(cmd.Context(), f, app.BackupOptions{})
			if err == nil {
				err = f.Sync()
			}
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
			if err := os.Rename(f.Name(), out); err != nil {
				return fmt.Errorf("backup: %w", err)
			}
			size := int64(0)
			if fi, err := os.Stat(out); err == nil {
				size = fi.Size()
			}
			fmt.Fprintf(e.out, "wrote %s (%s): schema %d, %d tables, %d rows, %d blobs (%s)\n", out, byteSize(size),
				m.SchemaVersion, len(m.Tables), m.Rows(), len(m.Blobs), byteSize(m.BlobBytes()))
			if m.BlobsMissing > 0 {
				fmt.Fprintf(e.out, "%d blobs were deleted while the backup ran and are not in it\n", m.BlobsMissing)
			}
			return nil
		}),
	}
	create.Flags().StringVar(&out, "out", "", "the archive to write (default garden-backup-<time>.tar.gz here; - for standard output)")
	var opts app.RestoreOptions
	restore := &cobra.Command{
		Use:   "restore FILE",
		Short: "Restore an archive into this new, empty installation, or finish or redo one that stopped",
		Long: `restore reads the whole archive and checks its format, schema version and checksums before it
writes anything; it refuses a damaged archive (a line of rows over 1 MiB counts as damaged), a
newer one, or a database or blob store that already holds data, and then changes nothing. It
marks the installation as being restored before the first row and removes the mark after the
last blob: while the mark is there, serve (and every command that needs a working installation)
refuses to start and GET /readyz answers 503. The rows are restored in one transaction, then the
blobs.

A restore that stopped (killed, a full disk, the blob store failing) leaves the mark. Then run
one of:
  gardenctl backup restore FILE --resume   finish it from the same FILE: the rows if their
                                           transaction did not commit, then every blob that is
                                           not already there with the archive's checksum
  gardenctl backup restore FILE --force    empty this installation (rows and blobs) and restore
                                           FILE from the start

--dry-run does every check and prints what would be restored.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			// A blank database is fine: the restore migrates it to the archive's schema.
			rt, _, err := e.runtime(cmd.Context(), false)
			if err != nil {
				return err
			}
			defer rt.Close()
			file := args[0]
			// The marker names the archive by its absolute path, so that the command serve's
			// refusal suggests works from any folder.
			opts.Source = file
			if abs, err := filepath.Abs(file); err == nil {
				opts.Source = abs
			}
			open := func() (io.ReadCloser, error) { return os.Open(file) }
			report, err := rt.Backups.Restore(cmd.Context(), open, opts)
			if err != nil {
				return err
			}
			m := report.Manifest
			dryRun := opts.DryRun
			verb := "restored"
			if dryRun {
				verb = "would restore"
			}
			fmt.Fprintf(e.out, "%s: format %d, schema %d, made %s\n", file, m.Format, m.SchemaVersion, m.CreatedAt.Format(time.RFC3339))
			if dryRun {
				tw := tabwriter.NewWriter(e.out, 0, 0, 2, ' ', 0)
				fmt.Fprintln(tw, "TABLE\tROWS")
				for _, t := range m.Tables {
					fmt.Fprintf(tw, "%s\t%d\n", t.Name, t.Rows)
				}
				if err := tw.Flush(); err != nil {
					return err
				}
			}
			if report.Emptied {
				fmt.Fprintf(e.out, "the unfinished restore's rows and blobs %s first\n", map[bool]string{true: "are to be emptied", false: "were emptied"}[dryRun])
			}
			if report.MigrateFirst {
				fmt.Fprintf(e.out, "the database %s migrated to schema %d first\n", map[bool]string{true: "would be", false: "was"}[dryRun], m.SchemaVersion)
			}
			switch {
			case report.Resumed && dryRun:
				fmt.Fprintf(e.out, "would finish the unfinished restore: %d blobs in the archive (%s), those already there with their checksum kept\n", len(m.Blobs), byteSize(m.BlobBytes()))
			case report.Resumed:
				rows := "the rows were already restored"
				if report.RowsRestored {
					rows = fmt.Sprintf("restored %d rows in %d tables", m.Rows(), len(m.Tables))
				}
				fmt.Fprintf(e.out, "finished the restore: %s; restored %d blobs, kept %d already restored with their checksum\n", rows, report.BlobsWritten, report.BlobsSkipped)
			default:
				fmt.Fprintf(e.out, "%s %d rows in %d tables and %d blobs (%s)\n", verb, m.Rows(), len(m.Tables), len(m.Blobs), byteSize(m.BlobBytes()))
			}
			if report.MigratedTo > 0 {
				fmt.Fprintf(e.out, "then migrated them to schema %d\n", report.MigratedTo)
			}
			if report.Refusal != nil {
				return fmt.Errorf("the restore would be refused: %w", report.Refusal)
			}
			return nil
		},
	}
	restore.Flags().BoolVar(&opts.DryRun, "dry-run", false, "check the archive and the target and report, writing nothing")
	restore.Flags().BoolVar(&opts.Resume, "resume", false, "finish a restore of FILE that stopped: the rows if not committed, then the blobs not already there with their checksum")
	restore.Flags().BoolVar(&opts.Force, "force", false, "empty an installation whose restore stopped (rows and blobs) and restore FILE from the start")
	restore.MarkFlagsMutuallyExclusive("resume", "force")
	c.AddCommand(create, restore, e.scheduleCommand("backup", "backup"))
	return c
}

// byteSize prints a size for people: 512 B, 1.5 KiB, 3.2 MiB.
func byteSize(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}
