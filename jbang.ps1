# Runs jbang in PowerShell, as ./jbang does elsewhere: the installed jbang if there is one,
# otherwise jbang itself fetched from Maven Central through the Maven wrapper (so a JDK 17+ is
# all a fresh laptop needs).
$root = $PSScriptRoot

if (-not $env:WORKSHOP_BUNDLED_JBANG) {
  # An installed jbang, but never this file or its neighbours.
  $installed = Get-Command jbang -CommandType Application, ExternalScript -ErrorAction SilentlyContinue |
    Where-Object { -not $_.Source.StartsWith($root, [StringComparison]::OrdinalIgnoreCase) } |
    Select-Object -First 1
  if ($installed) {
    & $installed.Source @args
    exit $LASTEXITCODE
  }
}

$java = if ($env:JAVA_HOME) { Join-Path $env:JAVA_HOME 'bin\java.exe' } else { 'java' }
if (-not (Get-Command $java -ErrorAction SilentlyContinue)) {
  [Console]::Error.WriteLine('No Java found. Install a JDK 17 or newer (for example from https://adoptium.net) and retry.')
  exit 1
}
$versionLine = & $java -version 2>&1 | ForEach-Object { "$_" } | Where-Object { $_ -match 'version' } | Select-Object -First 1
if ($versionLine -match 'version "(\d+)') {
  $major = [int]$Matches[1]
  if ($major -eq 1) { $major = 8 }
  if ($major -lt 17) {
    [Console]::Error.WriteLine("This is Java $major; the workshop needs Java 17 or newer. Set JAVA_HOME to a JDK 17+ and retry.")
    exit 1
  }
}

$classpathFile = Join-Path $root '.workshop\jbang\classpath.txt'
if (-not (Test-Path $classpathFile) -or (Get-Item $classpathFile).Length -eq 0) {
  [Console]::Error.WriteLine('[workshop] Fetching jbang from Maven Central (first run only)...')
  New-Item -ItemType Directory -Force -Path (Split-Path $classpathFile) | Out-Null
  & (Join-Path $root 'mvnw.cmd') -q -B -f (Join-Path $root '.mvn\jbang\pom.xml') dependency:build-classpath `
    "-Dmdep.outputFile=$classpathFile" | ForEach-Object { [Console]::Error.WriteLine($_) }
  if ($LASTEXITCODE -ne 0) {
    Remove-Item -Force -ErrorAction SilentlyContinue $classpathFile
    [Console]::Error.WriteLine('Could not fetch jbang. Check that https://repo.maven.apache.org is reachable, then retry.')
    exit 1
  }
}

# jbang prints the command that runs the script and exits 255; anything else is its own answer.
$env:CLASSPATH = (Get-Content -Raw $classpathFile).Trim()
$env:JBANG_USES_POWERSHELL = 'true'
$output = & $java dev.jbang.Main @args
$status = $LASTEXITCODE
Remove-Item env:CLASSPATH
if ($status -eq 255) {
  Invoke-Expression "& $output"
  exit $LASTEXITCODE
}
if ($output) { $output }
exit $status
