@echo off
rem Runs jbang in the Command Prompt, as ./jbang does elsewhere: the installed jbang if there is
rem one, otherwise jbang itself fetched from Maven Central through the Maven wrapper (so a JDK 17+
rem is all a fresh laptop needs).
setlocal EnableExtensions
set "root=%~dp0"
set "root=%root:~0,-1%"

if defined WORKSHOP_BUNDLED_JBANG goto bundled
rem An installed jbang, but never this file (cmd looks in the current folder first).
for /f "delims=" %%J in ('where jbang.cmd 2^>nul') do if /i not "%%~fJ"=="%~f0" (
  call "%%~fJ" %*
  exit /b
)

:bundled
set "java=java"
if defined JAVA_HOME set "java=%JAVA_HOME%\bin\java.exe"
"%java%" -version >nul 2>&1
if errorlevel 1 (
  echo No Java found. Install a JDK 17 or newer ^(for example from https://adoptium.net^) and retry. 1>&2
  exit /b 1
)
set "version="
for /f "tokens=3" %%V in ('""%java%" -version 2^>^&1 ^| findstr /i version"') do if not defined version set "version=%%~V"
set "major="
for /f "delims=." %%M in ("%version%") do set "major=%%M"
if "%major%"=="1" set "major=8"
if defined major if %major% LSS 17 (
  echo This is Java %major%; the workshop needs Java 17 or newer. Set JAVA_HOME to a JDK 17+ and retry. 1>&2
  exit /b 1
)

set "classpath_file=%root%\.workshop\jbang\classpath.txt"
for %%F in ("%classpath_file%") do if exist "%%~fF" if %%~zF==0 del "%%~fF"
if not exist "%classpath_file%" (
  echo [workshop] Fetching jbang from Maven Central ^(first run only^)... 1>&2
  if not exist "%root%\.workshop\jbang" mkdir "%root%\.workshop\jbang"
  call "%root%\mvnw.cmd" -q -B -f "%root%\.mvn\jbang\pom.xml" dependency:build-classpath "-Dmdep.outputFile=%classpath_file%" 1>&2
  if errorlevel 1 (
    del "%classpath_file%" 2>nul
    echo Could not fetch jbang. Check that https://repo.maven.apache.org is reachable, then retry. 1>&2
    exit /b 1
  )
)

rem The classpath goes through CLASSPATH: as a -cp argument it can pass cmd's line length limit.
for /f "usebackq delims=" %%C in ("%classpath_file%") do set "CLASSPATH=%%C"
set "JBANG_RUNTIME_SHELL=cmd"
set "JBANG_LAUNCH_CMD=%~f0"
set "output=%root%\.workshop\jbang\command-%RANDOM%.txt"
"%java%" dev.jbang.Main %* > "%output%"
set "status=%errorlevel%"
set "CLASSPATH="

rem jbang prints the command that runs the script and exits 255; anything else is its own answer.
if not "%status%"=="255" (
  type "%output%"
  del "%output%"
  exit /b %status%
)
set "command="
for /f "usebackq delims=" %%C in ("%output%") do if not defined command set "command=%%C"
del "%output%"
%command%
exit /b
