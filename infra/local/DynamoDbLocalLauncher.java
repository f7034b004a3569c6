// DynamoDB Local bound to one address. Its command line has no such option and its Jetty server listens
// on every interface, so this builds the server from the usual arguments, then sets the host of its
// connector before it starts. Run as a single source file (Java 17+) with DynamoDBLocal.jar on the
// class path: java -cp DynamoDBLocal.jar DynamoDbLocalLauncher.java <host> <DynamoDB Local arguments>
import java.lang.reflect.Field;
import java.util.Arrays;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class DynamoDbLocalLauncher {
  public static void main(String[] args) throws Exception {
    if (args.length < 1) throw new IllegalArgumentException("usage: DynamoDbLocalLauncher <host> [DynamoDB Local arguments]");
    String host = args[0];
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(Arrays.copyOfRange(args, 1, args.length));
    // The Jetty server is private to DynamoDBProxyServer and only starts in start(): its connector can
    // still be given a host here. A later DynamoDB Local without the field fails loudly, never open.
    Field serverField = DynamoDBProxyServer.class.getDeclaredField("server");
    serverField.setAccessible(true);
    Server server = (Server) serverField.get(proxy);
    Connector[] connectors = server.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local's server has no connector to bind");
    for (Connector connector : connectors) {
      if (!(connector instanceof ServerConnector)) throw new IllegalStateException("DynamoDB Local's connector cannot be bound to a host: " + connector);
      ((ServerConnector) connector).setHost(host);
    }
    // Telemetry is never configured here (ServerRunner.main would), so start() sends none, whatever the flags.
    proxy.start();
    if (!server.isStarted()) System.exit(1);
    proxy.join();
  }
}
